/**
 * The Chakra system: default tokens plus the eight theme colours of the settings drawer (Ant
 * Design's palettes; #1890FF "daybreak" is the default). The active one is the app-wide
 * `colorPalette`, switched live through `<html data-theme-color>` so portals follow too.
 * `<html data-color-weak>` turns on the colour-weak filter.
 *
 * Built from Chakra's base config (conditions and utilities) plus the default theme's tokens,
 * global CSS and styles, but not with every recipe of the library (`defaultConfig` would put
 * them all into the first page's JavaScript): the system starts with the recipes of what the
 * first page, sign-in, shows (below), and the recipes of everything else (`themeShell.ts`) join
 * it before any other page, dialog or toast renders (`loadShellTheme`, called by the routes and
 * the app's overlays). A component whose recipe is missing renders unstyled, so a page that
 * starts using a new Chakra component adds its recipe to one of the two lists
 * (`src/app/theme.test.ts` checks both against the source).
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  tabsSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { THEME_COLORS, type ThemeColorId } from '../lib/settings';

type Scale = readonly [string, string, string, string, string, string, string, string, string, string];

/** Ant Design's ten shades (1 lightest … 10 darkest); shade 6 is the preset colour. */
const ANT_SCALES: Record<ThemeColorId, Scale> = {
  daybreak: ['#e6f7ff', '#bae7ff', '#91d5ff', '#69c0ff', '#40a9ff', '#1890ff', '#096dd9', '#0050b3', '#003a8c', '#002766'],
  dust: ['#fff1f0', '#ffccc7', '#ffa39e', '#ff7875', '#ff4d4f', '#f5222d', '#cf1322', '#a8071a', '#820014', '#5c0011'],
  volcano: ['#fff2e8', '#ffd8bf', '#ffbb96', '#ff9c6e', '#ff7a45', '#fa541c', '#d4380d', '#ad2102', '#871400', '#610b00'],
  sunset: ['#fffbe6', '#fff1b8', '#ffe58f', '#ffd666', '#ffc53d', '#faad14', '#d48806', '#ad6800', '#874d00', '#613400'],
  lagoon: ['#e6fffb', '#b5f5ec', '#87e8de', '#5cdbd3', '#36cfc9', '#13c2c2', '#08979c', '#006d75', '#00474f', '#002329'],
  aurora: ['#f6ffed', '#d9f7be', '#b7eb8f', '#95de64', '#73d13d', '#52c41a', '#389e0d', '#237804', '#135200', '#092b00'],
  geekblue: ['#f0f5ff', '#d6e4ff', '#adc6ff', '#85a5ff', '#597ef7', '#2f54eb', '#1d39c4', '#10239e', '#061178', '#030852'],
  plum: ['#f9f0ff', '#efdbff', '#d3adf7', '#b37feb', '#9254de', '#722ed1', '#531dab', '#391085', '#22075e', '#120338'],
};

const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;

function paletteTokens(scale: Scale) {
  const entries = SHADES.map((shade, index) => [shade, { value: scale[index] }]);
  return { ...Object.fromEntries(entries), 950: { value: scale[9] } } as Record<string, { value: string }>;
}

function paletteSemantics(name: string) {
  const ref = (shade: string) => `{colors.${name}.${shade}}`;
  return {
    contrast: { value: 'white' },
    fg: { value: { _light: ref('700'), _dark: ref('300') } },
    subtle: { value: { _light: ref('50'), _dark: ref('900') } },
    muted: { value: { _light: ref('100'), _dark: ref('800') } },
    emphasized: { value: { _light: ref('200'), _dark: ref('700') } },
    solid: { value: ref('600') },
    focusRing: { value: ref('500') },
    border: { value: { _light: ref('400'), _dark: ref('500') } },
  };
}

const ids = THEME_COLORS.map((color) => color.id);

/**
 * The first page's recipes, by the key the components look them up with (the keys of Chakra's
 * default theme): what the sign-in route, its language menu and the loading spinner show.
 */
export const RECIPES = {
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
};

export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  field: fieldSlotRecipe,
  menu: menuSlotRecipe,
  tabs: tabsSlotRecipe,
};

/** Chakra's default theme (tokens, global CSS, text/layer/animation styles) with the recipes above. */
const baseTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: RECIPES,
    slotRecipes: SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The app's own theme: fonts, Ant Design colours, the theme-colour palettes, global CSS. */
export const appConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'daybreak' },
    ...Object.fromEntries(ids.map((id) => [`html[data-theme-color=${id}]`, { colorPalette: id }])),
    'html[data-color-weak]': { filter: 'invert(80%)' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif',
        },
        body: {
          value:
            '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif',
        },
      },
      colors: {
        // Ant Design's blue scale, with #1890FF as the solid shade (kept for the brand gradients).
        blue: {
          50: { value: '#e6f7ff' },
          100: { value: '#bae7ff' },
          200: { value: '#91d5ff' },
          300: { value: '#69c0ff' },
          400: { value: '#40a9ff' },
          500: { value: '#2a9cff' },
          600: { value: '#1890ff' },
          700: { value: '#096dd9' },
          800: { value: '#0050b3' },
          900: { value: '#003a8c' },
          950: { value: '#002766' },
        },
        ...Object.fromEntries(ids.map((id) => [id, paletteTokens(ANT_SCALES[id])])),
        // Ant Design's dark menu.
        menuDark: {
          bg: { value: '#001529' },
          sub: { value: '#000c17' },
        },
      },
    },
    semanticTokens: {
      colors: Object.fromEntries(ids.map((id) => [id, paletteSemantics(id)])),
    },
  },
});

export const system = createSystem(defaultBaseConfig, baseTheme, appConfig);

/**
 * Adds recipes to the system (the recipes of the shell, `themeShell.ts`). A recipe is read the
 * first time a component uses it, so this must run before any component that uses one renders.
 */
export function addRecipes(
  target: SystemContext,
  recipes: Record<string, unknown>,
  slotRecipes: Record<string, unknown>,
): void {
  // The system reads its recipes from its config's theme when a component first asks for one.
  // oxlint-disable-next-line no-underscore-dangle
  const theme = (target._config.theme ??= {});
  Object.assign((theme.recipes ??= {}), recipes);
  Object.assign((theme.slotRecipes ??= {}), slotRecipes);
}

/** In development, the shell's recipe keys: asking for one of them before `loadShellTheme` is a mistake worth a message. */
let shellKeys: ReadonlySet<string> = new Set();
if (import.meta.env.DEV) {
  void import('./themeShell').then(({ SHELL_RECIPES, SHELL_SLOT_RECIPES }) => {
    shellKeys = new Set([...Object.keys(SHELL_RECIPES), ...Object.keys(SHELL_SLOT_RECIPES)]);
  });
}

function missingRecipe(key: string): void {
  if (shellKeys.has(key)) console.error(`Chakra recipe "${key}" is used before loadShellTheme() added it (src/app/theme.ts)`);
}

/**
 * A component that asks for a recipe the system does not have (yet) renders unstyled; the
 * system must not remember that empty style, or the component would stay unstyled after the
 * recipe arrives. Development builds and tests say when a shell recipe was asked for too early.
 */
function keepMissingRecipesOpen(target: SystemContext): void {
  const { getRecipeFn, getSlotRecipeFn } = target;
  // The empty styles handed out for missing keys (many, such as "text", are in no theme at all).
  const empty = new Map<string, unknown>();
  target.getRecipeFn = (key: string, fallback?: unknown) => {
    if (fallback !== undefined || target.isRecipe(key)) return getRecipeFn(key, fallback);
    missingRecipe(key);
    if (!empty.has(key)) empty.set(key, target.cva({}));
    return empty.get(key);
  };
  target.getSlotRecipeFn = (key: string, fallback?: unknown) => {
    if (fallback !== undefined || target.isSlotRecipe(key)) return getSlotRecipeFn(key, fallback);
    missingRecipe(key);
    if (!empty.has(`slot:${key}`)) empty.set(`slot:${key}`, target.sva({ slots: [] }));
    return empty.get(`slot:${key}`);
  };
}

keepMissingRecipesOpen(system);

let shellTheme: Promise<void> | undefined;

/** Loads the rest of the recipes into the system (once); every page but sign-in waits for it. */
export function loadShellTheme(): Promise<void> {
  shellTheme ??= import('./themeShell').then(({ SHELL_RECIPES, SHELL_SLOT_RECIPES }) =>
    addRecipes(system, SHELL_RECIPES, SHELL_SLOT_RECIPES),
  );
  return shellTheme;
}
