/** Content settings (spec 000 §3): which adult and AI works a user opts into. */
export interface ContentSettings {
  r18: boolean;
  r18g: boolean;
  ai: boolean;
}

/** Spec defaults: adult content off, AI on. */
export const DEFAULT_CONTENT_SETTINGS: Readonly<ContentSettings> = Object.freeze({
  r18: false,
  r18g: false,
  ai: true,
});

/** The user's block lists. Both are kept de-duplicated. */
export interface BlockLists {
  /** Tag names; matched exactly against a work's tag name (and its translation). */
  tags: string[];
  /** Author ids. */
  authorIds: number[];
}
