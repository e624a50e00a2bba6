/**
 * Form bodies as pixiv's PHP back end reads them: each field once (the last value wins), except
 * `name[]`, which PHP appends to a list. Those become `name[0]`, `name[1]`, … so that handlers read
 * `tags[]=a&tags[]=b` (pixez, pixivpy) like the indexed `tags[0]=a&tags[1]=b` (qs, pixivts).
 */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const appended = new Map<string, number>();
  for (const [name, value] of new URLSearchParams(body)) {
    if (name.endsWith('[]')) {
      const stem = name.slice(0, -2);
      const n = appended.get(stem) ?? 0;
      appended.set(stem, n + 1);
      fields[`${stem}[${n}]`] = value;
    } else {
      fields[name] = value;
    }
  }
  return fields;
}
