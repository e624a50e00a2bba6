// Ugoira MP4s (server) and the sandbox's live video run ffmpeg: FFMPEG_PATH, else `ffmpeg` on the
// PATH. Make sure Debian's ffmpeg is there: as root with apt-get available we install it;
// otherwise we stop with one sentence that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.FFMPEG_PATH?.trim() || 'ffmpeg';
const runs = () => spawnSync(path, ['-version'], { stdio: 'ignore' }).status === 0;

if (!runs()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.env.FFMPEG_PATH || !isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `ffmpeg does not run as "${path}": install it with "sudo apt-get install ffmpeg" (or set FFMPEG_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log("ffmpeg not found; installing Debian's ffmpeg ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const ok =
    run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg']);
  if (!ok || !runs()) {
    console.error('Installing ffmpeg with apt-get failed; see the output above.');
    process.exit(1);
  }
}
