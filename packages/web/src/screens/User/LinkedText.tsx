import { Link } from 'react-router';
import { bioParts } from './bio-text.ts';

/**
 * Plain text written by a user (a bio, a series caption) with its links made live: pixiv work and
 * user links open in the app, others in a new tab; the text itself is never read as HTML.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {bioParts(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : part.inApp ? (
          <Link key={i} to={part.href}>
            {part.text}
          </Link>
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
