/**
 * Every date the app shows, as a `<time>`: the machine-readable instant in `dateTime`, the text
 * from the one formatting module (lib/format.ts) in the UI language and the viewer's time zone,
 * and the full date and time as its title when the text is shorter (a date, '5 minutes ago').
 */
import { useDateFormat, parsePixivTime, type DateStyle } from '../../lib/format.ts';

export interface DateTimeProps {
  /** A pixiv time (`2026-11-30T10:07:00+09:00`, a www `2026-11-26 03:32` in JST) or a day. */
  value: string;
  /** 'recent': relative inside the recent window (comments, lives), the date after it. */
  show?: DateStyle | 'recent';
  className?: string;
  'data-testid'?: string;
}

export function DateTime({ value, show = 'datetime', className, ...rest }: DateTimeProps) {
  const format = useDateFormat();
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : parsePixivTime(value);
  const text = show === 'recent' ? format.recent(value) : format.date(value, show);
  const full = instant ? format.date(instant, 'datetime') : undefined;
  return (
    <time
      className={className}
      dateTime={instant ? instant.toISOString() : value}
      title={full !== text ? full : undefined}
      data-testid={rest['data-testid']}
    >
      {text}
    </time>
  );
}
