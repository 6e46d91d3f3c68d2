import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type HydrationState,
} from 'react-router';
import { routes } from './route-table';

/**
 * The app's router, as React Router's createBrowserRouter makes it, but not yet started: making it ranks the route
 * table, and `initialize()` matches the address and starts the first route's loading. app/start.tsx does the two in tasks
 * of their own, after the scripts' evaluation, so none of them makes one long task of the others (decision 1103).
 * `hydrationData`: the loader data of a page the server rendered (entry-server.tsx), so its loaders do not run again
 * before hydrating. The `UNSAFE_` parts are React Router's own, exported for this: createBrowserRouter is exactly
 * them followed by `initialize()`.
 */
export function createAppRouter(hydrationData?: HydrationState) {
  return createRouter({
    history: createBrowserHistory({ window }),
    routes,
    hydrationData,
    mapRouteProperties,
    hydrationRouteProperties,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
