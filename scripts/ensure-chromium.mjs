// Browser tests drive Debian's Chromium through playwright-core, with CJK fonts so that Japanese
// titles render (see debian-tools.mjs).
import { ensureDebianTools, fileAt } from './debian-tools.mjs';

ensureDebianTools([
  {
    name: 'Chromium',
    packages: ['chromium', 'fonts-noto-cjk'],
    present: fileAt(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
    override: 'CHROMIUM_PATH',
  },
]);
