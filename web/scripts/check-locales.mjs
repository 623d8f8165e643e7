#!/usr/bin/env node
// Fails (exit 1) when a translation key or an interpolation placeholder exists in one language
// but not in the other. Used by `npm run check:locales`, CI and src/i18n/locales.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
export const LANGUAGES = ['zh-CN', 'en-US'];

/** Flattens nested JSON into `a.b.c` keys mapped to their string values. */
function flatten(value, prefix, out) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const placeholders = (text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).toSorted().join(',');

/** Returns one human-readable problem per missing file, key or placeholder mismatch. */
export function compareLocales(dir = LOCALES_DIR) {
  const problems = [];
  const namespaces = new Set(
    LANGUAGES.flatMap((lang) => readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json'))),
  );
  for (const file of [...namespaces].toSorted()) {
    const tables = new Map();
    for (const lang of LANGUAGES) {
      try {
        tables.set(lang, flatten(JSON.parse(readFileSync(join(dir, lang, file), 'utf8')), '', new Map()));
      } catch (error) {
        problems.push(`${lang}/${file}: ${error.code === 'ENOENT' ? 'file is missing' : error.message}`);
      }
    }
    if (tables.size !== LANGUAGES.length) continue;
    const allKeys = new Set([...tables.values()].flatMap((t) => [...t.keys()]));
    for (const key of [...allKeys].toSorted()) {
      for (const lang of LANGUAGES) {
        const text = tables.get(lang).get(key);
        if (text === undefined) problems.push(`${lang}/${file}: missing key "${key}"`);
        else if (text.trim() === '') problems.push(`${lang}/${file}: empty text for "${key}"`);
      }
      const [a, b] = LANGUAGES.map((lang) => tables.get(lang).get(key));
      if (a !== undefined && b !== undefined && placeholders(a) !== placeholders(b)) {
        problems.push(`${file}: placeholders of "${key}" differ (${LANGUAGES[0]}: {${placeholders(a)}}, ${LANGUAGES[1]}: {${placeholders(b)}})`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = compareLocales();
  if (problems.length > 0) {
    console.error(`Locale check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`Locales ${LANGUAGES.join(' and ')} have the same keys.`);
}
