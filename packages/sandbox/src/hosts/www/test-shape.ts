/**
 * Test support for the www tests: the real captures in the repository's fixtures/ folder and
 * the one shape comparison of the conformance suites (conformance/shape.ts: every key path of
 * the capture with the same JSON type, array items required where the capture has them, null
 * only where the capture has null), with the nulls pixiv-upstream.md §3 documents for the www
 * ajax bodies (`WWW_NULLABLE`).
 */
import { readFixture } from '../../conformance/harness.ts';
import {
  WWW_NULLABLE,
  shapeDifferences as compareShapes,
  type ShapeOptions,
} from '../../conformance/shape.ts';

export function readWebFixture<T = unknown>(name: string): T {
  return readFixture(name) as T;
}

/** The capture's paths the answer lacks or types differently (conformance/shape.ts). */
export function shapeDifferences(
  capture: unknown,
  answer: unknown,
  options: ShapeOptions = {},
): string[] {
  return compareShapes(capture, answer, {
    ...options,
    nullOr: { ...WWW_NULLABLE, ...options.nullOr },
  });
}
