/**
 * Test support: compares the key paths and JSON types of a sandbox answer with a real capture
 * in shared/reference/fixtures (checked out beside the repository). Numeric map keys count as
 * one `<id>` key and array items as `[]`.
 */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('../../../../../../shared/reference/fixtures/', import.meta.url);

export function readWebFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}

type Kind = 'null' | 'string' | 'number' | 'boolean' | 'array' | 'object';

function kindOf(v: unknown): Kind {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as Kind;
}

function collect(value: unknown, path: string, out: Map<string, Set<Kind>>): void {
  let kinds = out.get(path);
  if (!kinds) out.set(path, (kinds = new Set()));
  kinds.add(kindOf(value));
  if (Array.isArray(value)) {
    for (const item of value) collect(item, `${path}[]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      collect(v, `${path}.${/^\d+$/.test(k) ? '<id>' : k}`, out);
    }
  }
}

/**
 * The capture's paths that the answer lacks or types differently. A path under a container the
 * answer leaves empty or null is not required; a capture's null accepts any type.
 */
export function shapeDifferences(capture: unknown, answer: unknown): string[] {
  const want = new Map<string, Set<Kind>>();
  const have = new Map<string, Set<Kind>>();
  collect(capture, '$', want);
  collect(answer, '$', have);
  const differences: string[] = [];
  for (const [path, kinds] of want) {
    const got = have.get(path);
    if (!got) {
      const parent = [...have.keys()]
        .filter((p) => path.startsWith(p) && p !== path)
        .sort((a, b) => b.length - a.length)[0];
      const parentKinds = parent ? have.get(parent)! : new Set<Kind>();
      // `[]` or null where the capture had items: nothing below is required.
      if (parent && !have.has(`${parent}[]`) && parentKinds.has('array')) continue;
      if (parentKinds.has('null')) continue;
      differences.push(`${path} missing`);
      continue;
    }
    for (const kind of kinds) {
      if (kind !== 'null' && !got.has(kind) && !got.has('null')) {
        differences.push(`${path}: ${kind} expected, got ${[...got].join('|')}`);
      }
    }
  }
  return differences;
}
