import { startTransition, StrictMode, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { STOREFRONT_STATE_ELEMENT_ID, type StorefrontState } from '@shop/shared/contract/storefront-render';
import { loadHydrationCode } from './hydration-code';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import { appLive, startHydrating } from '../lib/hydration';
import { nextTask } from '../lib/next-task';
import { startEarlyGet } from '../lib/api';
import { OPENING_STATUS_PATH, openingStatusQueryKey } from '../lib/opening-status';
import { SESSION_PATH } from '../lib/use-session';

/**
 * The state the server rendered the page with (`/` and each category's view, issue 23, decision 1100): the router's
 * loader data and the menu's answers. Null on every other page, which the browser renders itself.
 */
function serverState(): StorefrontState | null {
  const element = document.getElementById(STOREFRONT_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as StorefrontState;
  } catch {
    return null;
  }
}

/**
 * Prepares the page in short tasks after the scripts' evaluation, not one long one (Lighthouse's Total Blocking Time
 * counts each long task; decision 1103), and renders once the first route's code (and, for a page the browser renders,
 * the home page's menu) has loaded. A page the server rendered is hydrated: the query cache first gets the very
 * answers the server rendered with, so the first render matches its markup. What its first effects ask besides (who
 * is signed in, the opening status now) is asked early but kept out of the cache until they ask (startEarlyGet): an
 * answer in the cache while React hydrates would draw what the server did not, and React would throw the server's
 * markup away. Otherwise index.html's static shell stays on
 * screen until then; rendering earlier would swap it for a spinner and then again for the page.
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const state = serverState();
  // The option cards' code, loaded beside the router's: the page then hydrates whole (app/hydration-code.ts).
  const hydrationCode = state ? loadHydrationCode() : null;
  if (state) {
    // The opening status as stale (updatedAt 0), so it is asked again at once: a cached page may carry an older quote.
    for (const [key, data] of state.queries)
      queryClient.setQueryData(key, data, key[0] === openingStatusQueryKey[0] ? { updatedAt: 0 } : undefined);
    await nextTask();
    // What the first effects ask at once, asked now in a task of its own (lib/api.ts's startEarlyGet).
    startEarlyGet(SESSION_PATH);
    startEarlyGet(OPENING_STATUS_PATH);
    await nextTask();
  }
  // React DOM's client (its module's body is the largest part of the 'app' chunk's evaluation) is set up in a task of
  // its own: the chunk carries it (vite.config.ts), but a dynamic import runs its body only when asked.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const router = createAppRouter(state ? { loaderData: state.loaderData } : undefined);
  await nextTask();
  router.initialize();
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((routerState) => {
        if (!routerState.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  const app: ReactNode = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (state) {
    await hydrationCode;
    // The router's and the code's answers end in a task of their own, not in the first one of hydrating.
    await nextTask();
    startHydrating();
    // In a transition, so hydration runs in slices that yield to the browser (the page is already painted and
    // readable), rather than one long task at the default priority.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  // A transition lets React render the first screen in slices that yield to the browser, instead of one long task.
  startTransition(() => root.render(app));
}

/**
 * Starts the app in #root (main.tsx calls it once the page has been painted). Resolves once the app is live (its
 * root's first effects have run).
 */
export function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  void start(container);
  return appLive;
}
