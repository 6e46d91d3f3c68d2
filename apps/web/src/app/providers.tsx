import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { theme } from './theme';

/**
 * The query cache and MUI's theme. No CssBaseline: index.html's base styles and styles/storefront.css hold what it
 * added (decision 1103), so the start-up code carries none of it.
 *
 * `client`: the server renderer's own, filled with the page's answers (entry-server.tsx); the app's one otherwise. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
