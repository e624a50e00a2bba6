// Test-only access to the real captures in shared/reference/fixtures (the repo is cloned with
// shared/ beside it). Not exported from the package.
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('../../../../shared/reference/fixtures/', import.meta.url);

/** Parses one captured fixture by file name. */
export function readFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}
