import { chakra } from '@chakra-ui/react';

/**
 * A button that reads as a link (blue text, no box): a small action inside a table or a line of
 * text ("Clear selection", "Show the rules"). An icon may stand before the text.
 */
export const LinkButton = chakra(
  'button',
  {
    base: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      textStyle: 'sm',
      color: 'colorPalette.fg',
      colorPalette: 'blue',
      cursor: 'pointer',
      rounded: 'sm',
      focusVisibleRing: 'outside',
    },
  },
  { defaultProps: { type: 'button' } },
);
