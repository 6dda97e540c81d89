import { createTheme, InputWrapper, type MantineColorsTuple, Modal, Title } from '@mantine/core';

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
  // Filled buttons use shade 7 in the dark scheme: white text on shade 5 measured 4.2:1, under WCAG's 4.5.
  primaryShade: { light: 6, dark: 7 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
    fontWeight: '800',
  },
  // The spec's mobile breakpoint is 768 px: Mantine's `sm` (48em) is exactly that.
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  cursorType: 'pointer',
  components: {
    Title: Title.extend({ defaultProps: { c: 'white' } }),
    // A field's error is announced when it appears, not only shown (screen readers hear it at once).
    InputWrapper: InputWrapper.extend({ defaultProps: { errorProps: { role: 'alert' } } }),
    // Mantine's close button is an icon alone: it needs a name for screen readers.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
  },
});
