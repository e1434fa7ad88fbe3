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

export const createAppTheme = (direction: Direction) =>
  createTheme({
    direction,
    palette: {
      mode: 'light',
      primary: { main: '#0b5d6e', light: '#3c8a9b', dark: '#063f4b', contrastText: '#ffffff' },
      secondary: { main: '#f59e0b', contrastText: '#1f2937' },
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
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // Keyboard users must always see where focus is.
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: '2px solid #f59e0b', outlineOffset: 2 },
        },
      },
    },
  });
