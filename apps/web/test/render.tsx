// Renders a screen as the app does around it (the query client, a browser router at a real address and
// the one toast), for component tests. The network is the test's fetch stand-in (fake-api.ts).
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Toaster } from '../src/components/toaster';
import type { CartLine } from '@shop/shared/contract/cart';
import { cartStore, type CartDisplay } from '../src/lib/cart-store';
import { dismissToast } from '../src/lib/toast';

export interface RenderOptions {
  /** The address the page is opened at (the toast belongs to it): '/payment', '/products/65f0…?x=1'. Default '/'. */
  at?: string;
  /** The route pattern the screen is mounted under, when it reads params: '/products/:id'. Default: `at`'s path. */
  route?: string;
  /** Other screens, by route pattern, to see where the screen sends the user: { '/products': <h1>Products</h1> }. */
  routes?: Record<string, ReactElement>;
  /** What the cart holds when the screen opens (the real cart store; empty unless told). */
  cart?: Array<{ line: CartLine; display: CartDisplay }>;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * Renders `ui` at `at` with a fresh query client (no retries, so a refusal shows at once) and the toast, with the cart given (else empty) and no toast left from an earlier test. window.location follows the
 * router, so a test reads where the screen went from window.location.pathname.
 */
export function renderWithProviders(ui: ReactElement, { at = '/', route, routes = {}, cart = [] }: RenderOptions = {}): Rendered {
  dismissToast();
  cartStore.clear();
  cartStore.addLines(cart);
  window.history.replaceState(null, '', at);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path={route ?? new URL(at, window.location.origin).pathname} element={ui} />
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/**
 * Replaces what a field holds with `text`, as a person who selects it and pastes: one input event for the text,
 * instead of one render of the whole form per key (user.type), which in jsdom costs a second a word.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.paste(text);
}
