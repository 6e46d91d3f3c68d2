import { createBrowserRouter, type HydrationState } from 'react-router';
import { routes } from './route-table';

/**
 * Creating the router also starts the first route's loading; main.tsx calls this in a task of its own rather than
 * while the scripts are evaluated, so neither makes one long task of the other. `hydrationData`: the loader data of
 * a page the server rendered (entry-server.tsx), so its loaders do not run again before hydrating.
 */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
