/**
 * The app's Chakra system holds only the recipes its components use (see theme.ts): those of the
 * first page (sign-in) from the start, the others once the shell's recipes are added
 * (themeShell.ts). These tests keep both lists honest: every recipe a Chakra component imported
 * anywhere under src/ looks up must be in one of them, the sign-in page's in the first, and the
 * tokens, global CSS and styles must equal the default theme's, so the app looks exactly as with
 * `defaultConfig`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, test } from 'vitest';
import { RECIPES, SLOT_RECIPES, addRecipes, appConfig, system } from './theme';
import { SHELL_RECIPES, SHELL_SLOT_RECIPES } from './themeShell';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHAKRA_ESM = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The names these files import from '@chakra-ui/react'. */
function importedChakraNames(files: readonly string[] = sourceFiles(SRC)): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
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

/** Recipe keys these files style their own elements with (`createSlotRecipeContext({ key: 'tabs' })`...). */
function ownRecipeKeys(files: readonly string[] = sourceFiles(SRC)): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:create(?:Slot)?RecipeContext|use(?:Slot)?Recipe)\(\s*\{\s*key:\s*'(\w+)'/g)) keys.add(match[1]);
  }
  return keys;
}

/** Source files statically imported from these (relative imports; `import()` left out). */
function staticClosure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = roots.map((root) => join(SRC, root));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^import\s+(?!type\b)[^'";]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm)) {
      const base = join(dirname(file), match[1] ?? match[2]);
      const found = ['.tsx', '.ts', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((path) => sourceFiles(dirname(path)).includes(path));
      if (found) queue.push(found);
    }
  }
  return [...seen];
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

/** Recipe keys the Chakra components imported by these files look up, and the files' own. */
function usedRecipeKeys(files?: readonly string[]): Set<string> {
  const full = createSystem(defaultConfig);
  const exports = chakraExportFiles();
  const used = new Set<string>(ownRecipeKeys(files));
  for (const name of importedChakraNames(files)) {
    const file = exports.get(name);
    if (!file) continue;
    for (const key of recipeKeys(file)) if (full.hasRecipe(key)) used.add(key);
  }
  return used;
}

/** What the sign-in page renders before the shell's recipes are there: the page (and its language menu, opened on it). */
const FIRST_PAGE_ROOTS = ['main.tsx', 'app/SignInStage.tsx', 'components/LanguageMenu.tsx'];

const FIRST_PAGE_KEYS = [...Object.keys(RECIPES), ...Object.keys(SLOT_RECIPES)];
const SHELL_KEYS = [...Object.keys(SHELL_RECIPES), ...Object.keys(SHELL_SLOT_RECIPES)];

describe('chakra system', () => {
  test('has every recipe the components used in src/ look up, and no other', () => {
    const used = usedRecipeKeys();
    const missing = [...used].filter((key) => !FIRST_PAGE_KEYS.includes(key) && !SHELL_KEYS.includes(key));
    expect(missing, 'add these recipes to src/app/themeShell.ts (or theme.ts if the sign-in page shows them)').toEqual([]);
    const unused = [...FIRST_PAGE_KEYS, ...SHELL_KEYS].filter((key) => !used.has(key));
    expect(unused, 'no component in src/ uses these recipes: drop them from src/app/theme.ts or themeShell.ts').toEqual([]);
    expect(FIRST_PAGE_KEYS.filter((key) => SHELL_KEYS.includes(key)), 'a recipe belongs to one list').toEqual([]);
  });

  test('starts with exactly the recipes of the sign-in page', () => {
    const files = staticClosure(FIRST_PAGE_ROOTS);
    expect(files.map((file) => file.slice(SRC.length + 1))).toEqual(expect.arrayContaining(['features/auth/components/LoginPage.tsx', 'layouts/UserLayout.tsx']));
    const used = usedRecipeKeys(files);
    expect([...used].filter((key) => !FIRST_PAGE_KEYS.includes(key)), 'the sign-in page needs these: move them to src/app/theme.ts').toEqual([]);
    expect(FIRST_PAGE_KEYS.filter((key) => !used.has(key)), 'the sign-in page does not use these: move them to src/app/themeShell.ts').toEqual([]);
  });

  test('finds the recipes of components it knows (sanity check of the scan above)', () => {
    const exports = chakraExportFiles();
    expect([...recipeKeys(exports.get('Checkbox')!)]).toEqual(expect.arrayContaining(['checkbox', 'checkmark']));
    expect([...recipeKeys(exports.get('IconButton')!)]).toContain('button');
    expect([...recipeKeys(exports.get('Tabs')!)]).toContain('tabs');
  });

  test('keeps the default theme: tokens, global CSS, preflight, conditions, styles and recipes', () => {
    addRecipes(system, SHELL_RECIPES, SHELL_SLOT_RECIPES);
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
    for (const key of [...Object.keys(RECIPES), ...Object.keys(SHELL_RECIPES)]) expect(system.getRecipe(key)).toEqual(reference.getRecipe(key));
    for (const key of [...Object.keys(SLOT_RECIPES), ...Object.keys(SHELL_SLOT_RECIPES)]) {
      expect(system.getSlotRecipe(key)).toEqual(reference.getSlotRecipe(key));
    }
  });
});
