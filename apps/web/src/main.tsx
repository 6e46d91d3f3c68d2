import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';

/**
 * Creates the router in a task after the scripts' evaluation (Lighthouse's Total Blocking Time counts each long
 * task), and renders once the first route's code and the home page's menu have loaded. Until then index.html's
 * static shell stays on screen; rendering earlier would swap it for a spinner and then again for the page.
 */
async function start(container: HTMLElement): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter();
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  const root = createRoot(container);
  // A transition lets React render the first screen in slices that yield to the browser, instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
window.addEventListener('load', () => void import('./lib/service-worker').then((sw) => sw.registerServiceWorker()));
