/**
 * The Chakra system: default tokens with the product's primary colour #1890FF (spec default
 * theme colour) as the `blue` palette, used app-wide as the default `colorPalette`.
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'blue' },
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
        // Ant Design's blue scale, with #1890FF as the solid shade.
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
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.blue.600}' },
          fg: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
          subtle: { value: { _light: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
