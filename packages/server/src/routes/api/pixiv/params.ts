/**
 * Query validation with HibiAPI's error shape: pydantic v1 texts in a 422 body
 * (shared/reference/conformance.md §2). Unknown query parameters are ignored.
 */

export type Field =
  | { type: 'int'; required?: boolean; default?: number; min?: number; max?: number }
  | { type: 'string'; required?: boolean; default?: string; maxLength?: number }
  | { type: 'enum'; values: readonly string[]; required?: boolean; default?: string }
  | { type: 'date'; required?: boolean; default?: () => string }
  | { type: 'bool'; default: boolean };

export type Fields = Record<string, Field>;
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
    const d = field.default;
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
  }
}

/** Validated args (defaults applied), or the issues. */
export function validate(
  fields: Fields,
  query: Record<string, unknown>,
): { args: Args } | { issues: ValidationIssue[] } {
  const args: Args = {};
  const issues: ValidationIssue[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const rawValue = query[name];
    const raw = Array.isArray(rawValue)
      ? String(rawValue[0])
      : typeof rawValue === 'string'
        ? rawValue
        : undefined;
    const { value, issue } = check(name, field, raw);
    if (issue) issues.push(issue);
    else args[name] = value;
  }
  return issues.length ? { issues } : { args };
}

/** pydantic v1's summary text of the issues. */
export function validationDetail(issues: readonly ValidationIssue[]): string {
  const head = `${issues.length} validation error${issues.length === 1 ? '' : 's'} for Request`;
  return [head, ...issues.map((i) => `${i.loc.join(' -> ')}\n  ${i.msg} (type=${i.type})`)].join(
    '\n',
  );
}
