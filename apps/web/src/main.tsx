import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { STOREFRONT_STATE_ELEMENT_ID, type StorefrontState } from '@shop/shared/contract/storefront-render';
import './styles/storefront.css';
import { loadHydrationCode } from './app/hydration-code';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startHydrating } from './lib/hydration';
import { openingStatusQueryKey } from './lib/opening-status';

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
 * Creates the router in a task after the scripts' evaluation (Lighthouse's Total Blocking Time counts each long
 * task), and renders once the first route's code (and, for a page the browser renders, the home page's menu) has
 * loaded. A page the server rendered is hydrated: the query cache first gets the very answers the server rendered
 * with, so the first render matches its markup. Otherwise index.html's static shell stays on screen until then;
 * rendering earlier would swap it for a spinner and then again for the page.
 */
async function start(container: HTMLElement): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const state = serverState();
  // The option cards' code, loaded beside the router's: the page then hydrates whole (app/hydration-code.ts).
  const hydrationCode = state ? loadHydrationCode() : null;
  // The opening status as stale (updatedAt 0), so it is asked again at once: a cached page may carry an older quote.
  if (state)
    for (const [key, data] of state.queries)
      queryClient.setQueryData(key, data, key[0] === openingStatusQueryKey[0] ? { updatedAt: 0 } : undefined);
  const router = createAppRouter(state ? { loaderData: state.loaderData } : undefined);
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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
window.addEventListener('load', () => void import('./lib/service-worker').then((sw) => sw.registerServiceWorker()));
