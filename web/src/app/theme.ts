/**
 * The Chakra system: default tokens plus the eight theme colours of the settings drawer (Ant
 * Design's palettes; #1890FF "daybreak" is the default). The active one is the app-wide
 * `colorPalette`, switched live through `<html data-theme-color>` so portals follow too.
 * `<html data-color-weak>` turns on the colour-weak filter.
 *
 * Built from Chakra's base config (conditions and utilities) plus the default theme's tokens,
 * global CSS and styles, but only the recipes the app's components use: `defaultConfig` would
 * put every recipe of the library into the first page's JavaScript (about 40 KB brotli). A
 * component whose recipe is missing renders unstyled, so a page that starts using a new Chakra
 * component adds its recipe below (`src/app/theme.test.ts` checks the list against the source).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  tagsInputSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
  treeViewSlotRecipe,
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

/** Recipes by the key the components look them up with (the keys of Chakra's default theme). */
export const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  kbd: kbdRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
};

export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  tagsInput: tagsInputSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
  treeView: treeViewSlotRecipe,
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
