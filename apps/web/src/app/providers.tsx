import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * The query cache. No ThemeProvider: the shop's theme is MUI's default theme (apps/web/build/mui-shop-theme.ts), so
 * MUI and Emotion load with the first screen that draws a MUI component, not with the storefront's start-up code;
 * no CssBaseline either: index.html's base styles and styles/storefront.css hold what it added (decision 1103).
 *
 * `client`: the server renderer's own, filled with the page's answers (entry-server.tsx); the app's one otherwise. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
