/**
 * Where ffmpeg is: `FFMPEG_PATH`, else `ffmpeg` on the PATH (Debian's package `ffmpeg`; tests and
 * CI install it with scripts/ensure-tools.mjs). The sandbox's live streams and the server's
 * ugoira MP4s run it.
 */
export function ffmpegPath(env: { FFMPEG_PATH?: string } = process.env): string {
  return env.FFMPEG_PATH?.trim() || 'ffmpeg';
}

/**
 * A failure to start ffmpeg, with what to do when it is missing (`ENOENT` from spawn); other
 * errors pass unchanged.
 */
export function ffmpegStartError(error: Error, path = ffmpegPath()): Error {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return error;
  return new Error(
    `ffmpeg not found at "${path}": install it ("apt-get install ffmpeg" on Debian) or set FFMPEG_PATH`,
    { cause: error },
  );
}
