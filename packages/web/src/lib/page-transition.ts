/**
 * Which page transition a navigation gets (spec 001 §2.1, §9): the pageTransition setting, a
 * fade between two main tab pages, nothing when the setting is 'none' or the user asks for
 * reduced motion. Back navigation plays the same transition in reverse.
 */
import type { PageTransition } from '../state/settings/schema.ts';

export type TransitionDirection = 'forward' | 'back';

export interface TransitionInput {
  setting: PageTransition;
  reducedMotion: boolean;
  fromTab: boolean;
  toTab: boolean;
}

/** The transition to play, or null for a plain navigation. */
export function pickTransition(input: TransitionInput): Exclude<PageTransition, 'none'> | null {
  if (input.reducedMotion || input.setting === 'none') return null;
  if (input.fromTab && input.toTab) return 'fade';
  return input.setting;
}

/**
 * Back when the new history entry's index is below the last one (React Router keeps `idx` in
 * history.state); a new entry or a replaced one is forward.
 */
export function directionOf(lastIdx: number, idx: number): TransitionDirection {
  return idx < lastIdx ? 'back' : 'forward';
}
