// What the unit and integration tests run beside Node, from Debian's packages (see
// debian-tools.mjs): redis-server for the shared cache tests, ffmpeg for ugoira MP4s and the
// sandbox's live video, nginx for the several-instances test and the server bench, jing to
// validate the Atom feeds against RFC 4287's RELAX NG schema.
import { ensureDebianTools, fileAt, runs } from './debian-tools.mjs';

const ffmpeg = process.env.FFMPEG_PATH?.trim() || 'ffmpeg';

ensureDebianTools([
  {
    name: 'redis-server',
    packages: ['redis-server'],
    present: fileAt(process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server'),
    override: 'REDIS_SERVER_PATH',
  },
  {
    name: 'ffmpeg',
    packages: ['ffmpeg'],
    present: runs(ffmpeg, ['-version']),
    override: 'FFMPEG_PATH',
  },
  {
    name: 'nginx',
    packages: ['nginx'],
    present: fileAt(process.env.NGINX_PATH || '/usr/sbin/nginx'),
    override: 'NGINX_PATH',
  },
  {
    name: 'jing',
    packages: ['jing'],
    present: fileAt(process.env.JING_PATH || '/usr/bin/jing'),
    override: 'JING_PATH',
  },
]);
