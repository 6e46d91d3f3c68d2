import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { themeOptions } from './theme';

const theme = createTheme(themeOptions);

/**
 * The back office's look: MUI with the shop's theme. Around the admin layout, and around the back office's parts drawn
 * outside it (the new-order popup an admin sees on the storefront too). index.html's base styles stand in for
 * CssBaseline.
 */
export function BackOfficeTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
