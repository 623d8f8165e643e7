/**
 * The app's Chakra system holds only the recipes its components use (see theme.ts). These tests
 * keep that list honest: every recipe a Chakra component imported anywhere under src/ looks up
 * must be in the system, and the tokens, global CSS and styles must equal the default theme's,
 * so the app looks exactly as with `defaultConfig`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, test } from 'vitest';
import { RECIPES, SLOT_RECIPES, appConfig, system } from './theme';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHAKRA_ESM = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The names the app imports from '@chakra-ui/react'. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Export name -> the dist file that defines it (following `export ... from` and namespace exports). */
function chakraExportFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
      const target = join(dirname(file), match[2]);
      for (const part of match[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/).pop();
        if (name && !files.has(name)) files.set(name, target);
      }
    }
    for (const match of text.matchAll(/import \* as (\S+) from '(\.[^']+)';\s*export \{ \1 as (\w+) \}/g)) {
      files.set(match[3], join(dirname(file), match[2]));
    }
  };
  visit(join(CHAKRA_ESM, 'index.js'));
  visit(join(CHAKRA_ESM, 'components', 'index.js'));
  return files;
}

/** Recipe keys looked up by a dist file and the component files it imports. */
function recipeKeys(entry: string): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const componentsDir = join(CHAKRA_ESM, 'components');
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !file.startsWith(componentsDir)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:create(?:Slot)?RecipeContext|use(?:Slot)?Recipe)\(\s*\{[^}]*key: "(\w+)"/g)) keys.add(match[1]);
    for (const match of text.matchAll(/from '(\.[^']+\.js)'/g)) queue.push(join(dirname(file), match[1]));
  }
  return keys;
}

describe('chakra system', () => {
  test('has every recipe the components used in src/ look up, and no other', () => {
    const full = createSystem(defaultConfig);
    const exports = chakraExportFiles();
    const used = new Set<string>();
    const missing: string[] = [];
    for (const name of importedChakraNames()) {
      const file = exports.get(name);
      if (!file) continue;
      for (const key of recipeKeys(file)) {
        if (!full.hasRecipe(key)) continue;
        used.add(key);
        if (!system.hasRecipe(key)) missing.push(`${name} needs recipe "${key}"`);
      }
    }
    expect(missing, 'add these recipes to RECIPES / SLOT_RECIPES in src/app/theme.ts').toEqual([]);
    const unused = [...Object.keys(RECIPES), ...Object.keys(SLOT_RECIPES)].filter((key) => !used.has(key));
    expect(unused, 'no component in src/ uses these recipes: drop them from src/app/theme.ts').toEqual([]);
  });

  test('finds the recipes of components it knows (sanity check of the scan above)', () => {
    const exports = chakraExportFiles();
    expect([...recipeKeys(exports.get('Checkbox')!)]).toEqual(expect.arrayContaining(['checkbox', 'checkmark']));
    expect([...recipeKeys(exports.get('IconButton')!)]).toContain('button');
    expect([...recipeKeys(exports.get('Tabs')!)]).toContain('tabs');
  });

  test('keeps the default theme: tokens, global CSS, preflight, conditions, styles and recipes', () => {
    // The system as it was built from Chakra's full default config.
    const reference = createSystem(defaultConfig, appConfig);
    expect(system.getTokenCss()).toEqual(reference.getTokenCss());
    expect(system.getGlobalCss()).toEqual(reference.getGlobalCss());
    expect(system.getPreflightCss()).toEqual(reference.getPreflightCss());
    const { recipes, slotRecipes, ...theme } = system._config.theme ?? {};
    const { recipes: allRecipes, slotRecipes: allSlotRecipes, ...referenceTheme } = reference._config.theme ?? {};
    expect(theme).toEqual(referenceTheme);
    expect(system._config.conditions).toEqual(reference._config.conditions);
    expect(system._config.utilities).toEqual(reference._config.utilities);
    expect(system._config.cssVarsPrefix).toBe(reference._config.cssVarsPrefix);
    expect(system._config.cssVarsRoot).toBe(reference._config.cssVarsRoot);
    expect(Object.keys(recipes ?? {}).length).toBeLessThan(Object.keys(allRecipes ?? {}).length);
    expect(Object.keys(slotRecipes ?? {}).length).toBeLessThan(Object.keys(allSlotRecipes ?? {}).length);
    for (const key of Object.keys(RECIPES)) expect(system.getRecipe(key)).toEqual(reference.getRecipe(key));
    for (const key of Object.keys(SLOT_RECIPES)) expect(system.getSlotRecipe(key)).toEqual(reference.getSlotRecipe(key));
  });
});
