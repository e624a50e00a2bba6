// Adds or replaces catalogue keys in all 12 languages at once, so that no catalogue lacks one:
//   node scripts/i18n-add.mjs new-keys.json
// where new-keys.json maps dotted keys to one text per language:
//   { "home.random": { "en": "Random illustrations", "ja": "ランダム", ... } }
// A key without all 12 translations is refused and nothing is written.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/src/locales');
const languages = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const additions = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const missing = [];
for (const [key, texts] of Object.entries(additions)) {
  for (const language of languages)
    if (typeof texts[language] !== 'string') missing.push(`${key} (${language})`);
}
if (missing.length > 0) {
  console.error(`missing translations: ${missing.join(', ')}`);
  process.exit(1);
}

for (const language of languages) {
  const file = join(dir, `${language}.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) {
    const parts = key.split('.');
    let node = catalogue;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = texts[language];
  }
  writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
}
console.log(`added ${Object.keys(additions).length} keys to ${languages.length} catalogues`);
