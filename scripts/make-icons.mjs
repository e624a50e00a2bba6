// Renders the app's install icons (packages/web/public/icons) from the favicon's drawing:
// 192 and 512 px "any" icons, and a 512 px maskable one whose mark sits inside the central
// 80 % safe zone on a full-bleed background. Run after changing the mark:
//   node scripts/make-icons.mjs
// (sharp comes with the sandbox package; the PNGs are committed, the build only copies them.)
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/public/icons');
const MARK =
  '<circle cx="34" cy="28" r="13" fill="none" stroke="#fff" stroke-width="6"/>' +
  '<path d="M21 28v22" stroke="#fff" stroke-width="6" stroke-linecap="round"/>';
const ROUNDED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#38a9f5"/>${MARK}</svg>`;
// The mark spans about 26..50 of 64; scaled to 62 % around the centre it stays in the safe zone.
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#38a9f5"/><g transform="translate(32 32) scale(0.62) translate(-32 -32)">${MARK}</g></svg>`;

mkdirSync(out, { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', ROUNDED, 192],
  ['icon-512.png', ROUNDED, 512],
  ['maskable-512.png', MASKABLE, 512],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, name));
  console.log(name);
}
