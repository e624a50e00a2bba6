/**
 * The spec test map (docs/spec-test-map.md) names, per rule, the test that proves it. A renamed,
 * moved or deleted test would leave the map pointing at nothing: every row must name a file that
 * exists and a title that file holds, and every item of issue 35 must have a row.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);
const MAP = new URL('docs/spec-test-map.md', ROOT);

interface Row {
  item: string;
  file: string;
  title: string;
}

/** The table rows whose last two cells are a file and a title, each in backticks. */
function rows(markdown: string): Row[] {
  const found: Row[] = [];
  for (const line of markdown.split('\n')) {
    const m = /^\|\s*(35\.\d+)\s*\|.*\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|$/.exec(line.trim());
    if (m) found.push({ item: m[1]!, file: m[2]!, title: m[3]! });
  }
  return found;
}

describe('the spec test map', () => {
  const markdown = readFileSync(MAP, 'utf8');
  const table = rows(markdown);

  it('has a row for each of the 19 items of issue 35, each row read', () => {
    const lines = markdown.split('\n').filter((l) => l.startsWith('| 35.'));
    expect(table).toHaveLength(lines.length);
    const items = new Set(table.map((r) => r.item));
    expect([...items].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))).toEqual(
      Array.from({ length: 19 }, (_, i) => `35.${i + 1}`),
    );
  });

  it('names, in every row, a test file that exists and a title it holds', () => {
    const missing = table.filter((row) => {
      const file = new URL(row.file, ROOT);
      return !existsSync(file) || !readFileSync(file, 'utf8').includes(row.title);
    });
    expect(missing).toEqual([]);
  });
});
