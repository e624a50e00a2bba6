import { describe, expect, it } from 'vitest';
import { FORMAT_EXT, UGOIRA_FORMATS } from './formats.ts';

describe('ugoira download file names (spec 001 §7.4)', () => {
  it("give every format its own extension: the browser's and the server's MP4 never collide", () => {
    const exts = UGOIRA_FORMATS.map((f) => FORMAT_EXT[f]);
    expect(new Set(exts).size).toBe(exts.length);
    expect(FORMAT_EXT['MP4(Browser)']).toBe('mp4');
    expect(FORMAT_EXT['MP4(Server)']).toBe('server.mp4');
  });
});
