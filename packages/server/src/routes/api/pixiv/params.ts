/**
 * Query validation with HibiAPI's error shape: pydantic v1 texts in a 422 body
 * (shared/reference/conformance.md §2). Unknown query parameters are ignored, except on the
 * endpoints that pass them through (spec 001 §7.3 `/favorite`), where each must be a plain,
 * bounded key=value pair.
 */
import { nextUrlPath } from '@pv/pixiv';

export type Field =
  | {
      type: 'int';
      required?: boolean;
      default?: number;
      min?: number;
      max?: number;
      /** The spec's rejection text when a required value is absent (`illust_id required`). */
      missing?: string;
    }
  | { type: 'string'; required?: boolean; default?: string; maxLength?: number; missing?: string }
  | { type: 'enum'; values: readonly string[]; required?: boolean; default?: string }
  | { type: 'date'; required?: boolean; default?: () => string }
  | { type: 'bool'; default: boolean }
  /** A `next_url` pixiv wrote for `path` (https://app-api.pixiv.net + path, nothing else). */
  | { type: 'next_url'; path: string; maxLength: number };

export type Fields = Record<string, Field>;

/**
 * An endpoint that forwards the query parameters it does not know to its fixed upstream path.
 * `reserved` are upstream names the endpoint sets itself (a passthrough may not override them).
 */
export interface Passthrough {
  reserved: readonly string[];
}

/**
 * Bounds of passed-through parameters: a few short plain pairs. The path and host are fixed by
 * the endpoint, so a value can only ever be a query value; the alphabet still keeps out anything
 * that reads as a URL, a path or another query (`:`, `/`, `@`, `%`, `?`, `&`, `#`, `\`).
 */
export const PASSTHROUGH_MAX_PARAMS = 8;
export const PASSTHROUGH_MAX_VALUE_LENGTH = 100;
// `_t` (the app's cache buster) is a name; `__proto__` and its kin are not.
const PASSTHROUGH_KEY = /^(?:[A-Za-z]|_[A-Za-z0-9])[A-Za-z0-9_]{0,30}$/;
const PASSTHROUGH_VALUE = /^[\p{L}\p{N} _.,+-]*$/u;
export type Args = Record<string, string | number | boolean | undefined>;

export interface ValidationIssue {
  loc: ['query', string];
  msg: string;
  type: string;
}

function check(
  name: string,
  field: Field,
  raw: string | undefined,
): { value?: Args[string]; issue?: ValidationIssue } {
  const issue = (msg: string, type: string) => ({
    issue: { loc: ['query', name] as ['query', string], msg, type },
  });
  if (raw === undefined) {
    if ('required' in field && field.required)
      return issue('field required', 'value_error.missing');
    const d = 'default' in field ? field.default : undefined;
    return { value: typeof d === 'function' ? d() : d };
  }
  switch (field.type) {
    case 'int': {
      if (!/^[+-]?\d{1,15}$/.test(raw.trim()))
        return issue('value is not a valid integer', 'type_error.integer');
      const n = Number(raw);
      if (field.min !== undefined && n < field.min) {
        return issue(
          `ensure this value is greater than or equal to ${field.min}`,
          'value_error.number.not_ge',
        );
      }
      if (field.max !== undefined && n > field.max) {
        return issue(
          `ensure this value is less than or equal to ${field.max}`,
          'value_error.number.not_le',
        );
      }
      return { value: n };
    }
    case 'string':
      if (field.maxLength !== undefined && raw.length > field.maxLength) {
        return issue(
          `ensure this value has at most ${field.maxLength} characters`,
          'value_error.any_str.max_length',
        );
      }
      return { value: raw };
    case 'enum':
      if (!field.values.includes(raw)) {
        const permitted = field.values.map((v) => `'${v}'`).join(', ');
        return issue(
          `value is not a valid enumeration member; permitted: ${permitted}`,
          'type_error.enum',
        );
      }
      return { value: raw };
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
      const valid =
        m &&
        !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) &&
        new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw);
      return valid ? { value: raw } : issue('invalid date format', 'value_error.date');
    }
    case 'bool': {
      const v = raw.toLowerCase();
      if (['1', 'true', 'on', 'yes'].includes(v)) return { value: true };
      if (['0', 'false', 'off', 'no'].includes(v)) return { value: false };
      return issue('value could not be parsed to a boolean', 'type_error.bool');
    }
    case 'next_url':
      return raw.length <= field.maxLength && isNextUrlOf(raw, field.path)
        ? { value: raw }
        : issue(`not a next_url of ${field.path}`, 'value_error.next_url');
  }
}

/**
 * Whether `url` is a next_url pixiv writes for `path`: the app API's real origin, no
 * credentials (nextUrlPath), and exactly that path, so that a crafted one cannot turn a paging
 * cursor into a call of another app-API route with the server's account.
 */
export function isNextUrlOf(url: string, path: string): boolean {
  try {
    nextUrlPath(url);
  } catch {
    return false;
  }
  return new URL(url).pathname === path;
}

/** The query of a next_url that isNextUrlOf accepted, as plain pairs (the last of a repeat). */
export function nextUrlQuery(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

const passthroughIssue = (name: string, msg: string): ValidationIssue => ({
  loc: ['query', name.slice(0, 40)],
  msg,
  type: 'value_error.passthrough',
});

/** The passed-through pairs of a query (those not in `fields`), or the issues. */
function passthroughArgs(
  fields: Fields,
  query: Record<string, unknown>,
  rule: Passthrough,
): { args: Args; issues: ValidationIssue[] } {
  const args: Args = {};
  const issues: ValidationIssue[] = [];
  const extra = Object.keys(query).filter((k) => !Object.hasOwn(fields, k));
  if (extra.length > PASSTHROUGH_MAX_PARAMS) {
    issues.push(
      passthroughIssue('*', `at most ${PASSTHROUGH_MAX_PARAMS} other parameters are passed on`),
    );
    return { args, issues };
  }
  for (const key of extra) {
    const value = query[key];
    if (!PASSTHROUGH_KEY.test(key) || rule.reserved.includes(key)) {
      issues.push(passthroughIssue(key, 'parameter name not allowed'));
    } else if (typeof value !== 'string') {
      issues.push(passthroughIssue(key, 'only one plain value is passed on'));
    } else if (value.length > PASSTHROUGH_MAX_VALUE_LENGTH) {
      issues.push(
        passthroughIssue(
          key,
          `ensure this value has at most ${PASSTHROUGH_MAX_VALUE_LENGTH} characters`,
        ),
      );
    } else if (!PASSTHROUGH_VALUE.test(value)) {
      issues.push(passthroughIssue(key, 'only letters, digits, space and _ . , + - are passed on'));
    } else {
      args[key] = value;
    }
  }
  return { args, issues };
}

/** The passed-through pairs among validated args: every arg that is not a field. */
export function passedThrough(fields: Fields, args: Args): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args).filter(
      (entry): entry is [string, string] =>
        !Object.hasOwn(fields, entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

/**
 * Validated args (defaults applied, passed-through pairs added), or the issues. `fromClock` says
 * that a default was read from the clock (an undated ranking's latest published day): the same
 * query may mean other args later.
 */
export function validate(
  fields: Fields,
  query: Record<string, unknown>,
  passthrough?: Passthrough,
): { args: Args; fromClock?: true } | { issues: ValidationIssue[] } {
  const args: Args = {};
  const issues: ValidationIssue[] = [];
  let fromClock = false;
  for (const [name, field] of Object.entries(fields)) {
    const rawValue = query[name];
    const raw = Array.isArray(rawValue)
      ? String(rawValue[0])
      : typeof rawValue === 'string'
        ? rawValue
        : undefined;
    const { value, issue } = check(name, field, raw);
    if (raw === undefined && 'default' in field && typeof field.default === 'function') {
      fromClock = true;
    }
    if (issue) issues.push(issue);
    else args[name] = value;
  }
  if (passthrough) {
    const extra = passthroughArgs(fields, query, passthrough);
    issues.push(...extra.issues);
    Object.assign(args, extra.args);
  }
  if (issues.length) return { issues };
  return fromClock ? { args, fromClock } : { args };
}

/** pydantic v1's summary text of the issues. */
/**
 * The spec's wrapper rejection (spec 000 §8, 001 §5.4: `word required`, `illust_id required`,
 * …) for the first required field that is absent, if the field names one.
 */
export function missingMessage(
  fields: Fields,
  issues: readonly ValidationIssue[],
): string | undefined {
  const absent = issues.find((i) => i.type === 'value_error.missing');
  const field = absent && fields[absent.loc[1]];
  return field && 'missing' in field ? field.missing : undefined;
}

export function validationDetail(issues: readonly ValidationIssue[]): string {
  const head = `${issues.length} validation error${issues.length === 1 ? '' : 's'} for Request`;
  return [head, ...issues.map((i) => `${i.loc.join(' -> ')}\n  ${i.msg} (type=${i.type})`)].join(
    '\n',
  );
}
