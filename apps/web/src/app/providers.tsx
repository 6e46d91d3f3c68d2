import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * What every screen reads: the query cache. The storefront draws with the shop's own components and CSS; the back
 * office brings MUI's theme with its layout (app/back-office-theme.tsx).
 *
 * `client`: the server renderer's own, filled with the page's answers (entry-server.tsx); the app's one otherwise.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
