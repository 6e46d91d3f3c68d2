import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { STOREFRONT_STATE_ELEMENT_ID, type StorefrontState } from '@shop/shared/contract/storefront-render';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { routes } from './route-table';
import { DEAL_CATEGORY } from '../features/menu/lib/deal-category';
import { loadMenuCard } from '../features/menu/lib/menu-card-module';
import { openingStatusQueryKey } from '../lib/opening-status';
import { registerServiceWorker } from '../lib/service-worker';

/**
 * The state of a page the server rendered (`/` and each category's view, entry-server.tsx): the router's loader data
 * and the answers it rendered with. Null on every other page, which the browser renders itself.
 */
function serverState(): StorefrontState | null {
  const text = document.getElementById(STOREFRONT_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as StorefrontState;
  } catch {
    return null;
  }
}

/** Resolves once the router has matched the address and loaded the matched routes' lazy code. */
function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(container: HTMLElement): Promise<void> {
  const state = serverState();
  // The query cache gets the very answers the server rendered with, so the first render matches its markup. The
  // opening status goes in as stale (updatedAt 0) and is asked again at once: a cached page may carry an older quote.
  for (const [key, data] of state?.queries ?? [])
    queryClient.setQueryData(key, data, key[0] === openingStatusQueryKey[0] ? { updatedAt: 0 } : undefined);
  const router = createBrowserRouter(routes, { hydrationData: state ? { loaderData: state.loaderData } : undefined });
  // Rendering before the matched route's code is in would draw the route table's fallback: over the server's markup a
  // mismatch, over index.html's shell a spinner swapped again for the page a moment later.
  await routerReady(router);
  // A category view's option cards (every category but the deals) are lazy. Hydrated before their code is here they
  // stay dehydrated, and the first update around them (the session's answer, the screen's width) makes React drop
  // their markup and draw them again.
  const category = new URLSearchParams(location.search).get('category');
  if (state && category !== null && category !== DEAL_CATEGORY) await loadMenuCard();
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (state) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/** Starts the app in #root: hydrates the page the server rendered, or renders the page itself. */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The service worker once React has the page and the page has loaded: installing it fetches and stores the shell's
  // files, which must not compete with the app's own start.
  void start(container).then(() => {
    if (document.readyState === 'complete') registerServiceWorker();
    else window.addEventListener('load', registerServiceWorker, { once: true });
  });
}
