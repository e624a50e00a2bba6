import { afterEach, describe, expect, it, vi } from 'vitest';
import { ffmpegStartError } from './ffmpeg.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('ffmpeg', () => {
  it('says how to get ffmpeg when FFMPEG_PATH names no program', async () => {
    vi.stubEnv('FFMPEG_PATH', '/nonexistent/ffmpeg');
    // a fresh hls.ts: the loops it encodes are kept per process, and the test files share one
    // (isolate: false), so another file's loop may be there already
    vi.resetModules();
    const { loopSegments } = await import('./hls.ts');
    await expect(loopSegments(1)).rejects.toThrow(
      /ffmpeg not found at "\/nonexistent\/ffmpeg".*apt-get install ffmpeg.*FFMPEG_PATH/,
    );
  });

  it('passes other failures unchanged', () => {
    const failure = Object.assign(new Error('boom'), { code: 'EACCES' });
    expect(ffmpegStartError(failure)).toBe(failure);
  });
});
