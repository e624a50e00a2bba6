// Adds keys to the 12 catalogues in one step, so a feature's texts land in every language at
// once (catalogues.test.ts fails when one is missing).
//
//   node scripts/i18n-merge.mjs texts.json
//     texts.json: { "en": { "artwork": { "share": "Share" } }, "ja": { ... }, ... }
//     deep-merged into packages/web/src/locales/<lang>.json (new values win).
//
//   node scripts/i18n-merge.mjs --git %O %A %B
//     a git merge driver for the catalogues: both sides' keys kept, "theirs" wins a clash.
//     Enable with: git config merge.i18n.driver 'node scripts/i18n-merge.mjs --git %O %A %B'
//     and a `packages/web/src/locales/*.json merge=i18n` line in .git/info/attributes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/src/locales');

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepMerge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    into[key] = isObject(value) && isObject(into[key]) ? deepMerge(into[key], value) : value;
  }
  return into;
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

const args = process.argv.slice(2);
if (args[0] === '--git') {
  const [, , ours, theirs] = args;
  writeJson(ours, deepMerge(readJson(ours), readJson(theirs)));
} else if (args.length === 1) {
  const fragment = readJson(args[0]);
  for (const [language, texts] of Object.entries(fragment)) {
    const path = join(localesDir, `${language}.json`);
    writeJson(path, deepMerge(readJson(path), texts));
  }
  console.log(`merged into ${Object.keys(fragment).length} catalogues`);
} else {
  console.error('usage: node scripts/i18n-merge.mjs texts.json | --git %O %A %B');
  process.exit(2);
}
