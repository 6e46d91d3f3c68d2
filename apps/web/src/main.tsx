import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter, type AppRouter } from './app/router';

/** Lets the browser paint and handle input between the start-up steps (Lighthouse's Total Blocking Time). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the first route's code (and the home page's menu) has loaded. Until then index.html's static
 * shell stays on screen; rendering earlier would swap it for a spinner and then again for the page.
 */
function routerReady(router: AppRouter): Promise<void> {
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
  await nextTask();
  const router = createAppRouter();
  await routerReady(router);
  const root = createRoot(container);
  // A transition lets React render the first screen in slices that yield to the browser, instead of one long task
  // that keeps a phone from responding.
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
