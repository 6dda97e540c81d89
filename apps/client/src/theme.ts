import {
  type CSSVariablesResolver,
  createTheme,
  InputWrapper,
  type MantineColorsTuple,
  type ModalProps,
  Title,
} from '@mantine/core';

// A warm pink-to-violet brand on a deep night background; the streaks behind the page carry the colour.
const brand: MantineColorsTuple = [
  '#ffe9f3',
  '#ffd1e3',
  '#faa1c4',
  '#f66ea3',
  '#f24487',
  '#f02a76',
  '#f0196d',
  '#d60a5c',
  '#bf0051',
  '#a80045',
];

export const theme = createTheme({
  primaryColor: 'brand',
  // Filled buttons use shade 8 in the dark scheme: white text on shade 5 measured 4.2:1 (red 7: 3.9:1), under
  // WCAG's 4.5:1.
  primaryShade: { light: 6, dark: 8 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
    fontWeight: '800',
  },
  // The mobile breakpoint is 768 px (docs/product.md#layout): Mantine's `sm` (48em) is exactly that.
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  cursorType: 'pointer',
  components: {
    Title: Title.extend({ defaultProps: { c: 'white' } }),
    // A field's error is announced when it appears, not only shown (screen readers hear it at once).
    InputWrapper: InputWrapper.extend({ defaultProps: { errorProps: { role: 'alert' } } }),
    // Mantine's close button is an icon alone: it needs a name for screen readers. The plain object form, not
    // `Modal.extend`: importing Modal here put it (focus trap, portal, scroll area, floating-ui) in the entry.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps>,
    },
  },
});

/**
 * Text colours of the dark scheme that reach WCAG's 4.5:1 on the dark cards and dialogs: Mantine's dimmed
 * grey, error red and link pink measured 4.0, 3.9 and 4.4 there.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-dimmed': resolved.colors.dark[1],
    '--mantine-color-error': resolved.colors.red[4],
    '--mantine-color-anchor': brand[3],
  },
});
