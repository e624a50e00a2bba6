import { expect, it } from 'vitest';
import { requestId } from './request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('makes random version-4 UUIDs, each different, across refills of its random pool', () => {
  const ids = Array.from({ length: 10_000 }, requestId);
  for (const id of ids) expect(id).toMatch(UUID_V4);
  expect(new Set(ids).size).toBe(ids.length);
  // every random place takes every hex digit (a wrong digit table or place would leave some out)
  const free = [...Array(36).keys()].filter((i) => ![8, 13, 14, 18, 19, 23].includes(i));
  for (const i of free) expect(new Set(ids.map((id) => id[i])).size).toBe(16);
  // the variant's place takes exactly 8, 9, a and b
  expect([...new Set(ids.map((id) => id[19]))].sort()).toEqual(['8', '9', 'a', 'b']);
});
