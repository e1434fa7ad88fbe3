import { DEFAULTS } from '@conversa/domain';
import { createTheme, type Direction } from '@mui/material/styles';

// Module augmentation only works with interfaces, so this is the one place they are used.
declare module '@mui/material/styles' {
  interface Palette {
    tag: Palette['primary'];
  }
  interface PaletteOptions {
    tag?: PaletteOptions['primary'];
  }
}

/** System fonts only: the CSP allows no external font host. */
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Noto Sans SC"',
  'Helvetica',
  'Arial',
  'sans-serif',
].join(',');

/** The keyboard focus ring: teal at 7.5:1 on the light surfaces, kept off the control by a small gap. */
const FOCUS_RING = { outline: '2px solid #0b5d6e', outlineOffset: 2 };

export const createAppTheme = (direction: Direction) =>
  createTheme({
    direction,
    palette: {
      mode: 'light',
      primary: { main: '#0b5d6e', light: '#3c8a9b', dark: '#063f4b', contrastText: '#ffffff' },
      secondary: { main: '#f59e0b', contrastText: '#1f2937' },
      // MUI's default orange and light blue read below 4.5:1 as text on white (outlined buttons, links).
      warning: { main: '#b45309', contrastText: '#ffffff' },
      info: { main: '#0369a1', contrastText: '#ffffff' },
      tag: { main: DEFAULTS.tagColor, contrastText: '#ffffff' },
      background: { default: '#f4f7f8', paper: '#ffffff' },
      text: { primary: '#1b2a30', secondary: '#55666d' },
      divider: 'rgba(11, 93, 110, 0.12)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      button: { textTransform: 'none', fontWeight: 600 },
      h4: { fontSize: '1.75rem' },
    },
    components: {
      // ButtonBase removes the outline, which would hide the ring below on every button, row and link.
      MuiButtonBase: {
        defaultProps: { disableRipple: false },
        styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } },
      },
      // Rows fill their scrolling list, which would clip a ring drawn outside them.
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // On the teal bar the ring is drawn in white.
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { '& .Mui-focusVisible, & :focus-visible': { outlineColor: '#ffffff' } } },
      },
      // Keyboard users must always see where focus is.
      MuiCssBaseline: { styleOverrides: { ':focus-visible': FOCUS_RING } },
    },
  });
