import type { ThemeOptions } from '@mui/material/styles';
import { BREAKPOINTS } from '../lib/breakpoints';

/**
 * The back office's look (SPEC.md section 9): the options of MUI's theme (app/back-office-theme.tsx provides it).
 *
 * #5b4bdb on white has a contrast ratio of about 6:1, so white text on the primary colour and primary text on white both pass WCAG AA. MUI's default warning (#ed6c02, 3.1:1) and info
 * (#0288d1, 3.9:1) fail AA under white text (e.g. the "Test mode" chip), so darker shades stand in (5.0:1, 4.8:1).
 */
export const themeOptions: ThemeOptions = {
  breakpoints: {
    values: BREAKPOINTS,
  },
  palette: {
    primary: { main: '#5b4bdb', contrastText: '#ffffff' },
    secondary: { main: '#c2410c', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0277bd', contrastText: '#ffffff' },
    background: { default: '#f7f7fb', paper: '#ffffff' },
  },
  typography: {
    fontFamily: 'Helvetica, Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.125rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
};
