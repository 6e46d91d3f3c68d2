import { createBrowserRouter } from 'react-router';
import { routes } from './route-table';

/**
 * Creating the router also starts the first route's loading; main.tsx calls this in a task of its own rather than
 * while the scripts are evaluated, so neither makes one long task of the other.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
