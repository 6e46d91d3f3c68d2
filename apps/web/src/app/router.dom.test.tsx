import { isValidElement } from 'react';
import type { DataRouteMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { RequireAdmin } from './guards';
import { createAppRouter } from './router';

// Decision 1103: the browser's router starts with the storefront's routes alone (ranking the back office's thirty too
// made one long task on a slow phone), and the back office's branch joins on the first navigation that may need it.
/** The components of the matched routes (the router keeps each route's component as its element). */
const componentsOf = (matches: DataRouteMatch[]) =>
  matches.map((match) => (isValidElement(match.route.element) ? match.route.element.type : match.route.Component));

describe("the browser's router", () => {
  it("starts without the back office's routes and finds them on the way to a back-office screen", async () => {
    window.history.replaceState(null, '', '/cart');
    const router = createAppRouter();
    const hasAdminGuard = () => {
      const walk = (routes: typeof router.routes): boolean =>
        routes.some((route) => componentsOf([{ route } as DataRouteMatch]).includes(RequireAdmin) || walk(route.children ?? []));
      return walk(router.routes);
    };
    expect(hasAdminGuard()).toBe(false);
    router.initialize();
    await router.navigate(paths.dashboard);
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(componentsOf(router.state.matches)).toContain(RequireAdmin);
    expect(router.state.matches.at(-1)?.route.path).toBe(paths.dashboard);
    expect(hasAdminGuard()).toBe(true);

    // Once joined, a storefront address and an unknown one are answered as before.
    await router.navigate('/orders/0123456789abcdef01234567');
    expect(router.state.matches.at(-1)?.params).toMatchObject({ ordersId: '0123456789abcdef01234567' });
    await router.navigate('/dashboard/extra');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });

  it('opens a back-office screen asked for first, by its address', async () => {
    window.history.replaceState(null, '', paths.products);
    const router = createAppRouter();
    router.initialize();
    await new Promise<void>((resolve) => {
      if (router.state.initialized) resolve();
      else router.subscribe((state) => state.initialized && resolve());
    });
    expect(router.state.matches.at(-1)?.route.path).toBe(paths.products);
    expect(componentsOf(router.state.matches)).toContain(RequireAdmin);
    router.dispose();
  });
});
