import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAdmin, RequirePayment, RequireUser } from './guards';
import { routes } from './route-table';

function leaf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const last = matches.at(-1);
  return { route: last?.route, components: matches.map((m) => m.route.Component), params: last?.params ?? {} };
}

const PUBLIC = ['/', '/cart', '/signin', '/signup', '/staff-invite/abc123'];
const SIGNED_IN = [
  '/favourite',
  '/notification',
  '/profile/my-profile',
  '/profile/my-orders',
  '/addaddress',
  '/addaddress/0123456789abcdef01234567',
  '/orders/0123456789abcdef01234567',
  '/driver',
];
const ADMIN = [
  '/dashboard',
  '/order-list',
  '/neworders',
  '/todaysorders',
  '/lastdayorders',
  '/lastweekorders',
  '/lastmonthorders',
  '/allorders',
  '/allorders/0123456789abcdef01234567',
  '/pendingorders',
  '/categories',
  '/categoriforms',
  '/categories/0123456789abcdef01234567',
  '/ingredients',
  '/ingredientforms',
  '/products',
  '/productforms',
  '/products/0123456789abcdef01234567',
  '/allproduts/Pizza',
  '/banner',
  '/addnotification',
  '/sold-out',
  '/staff',
  '/new-order',
  '/dispatch',
];

describe('the route table', () => {
  it.each([...PUBLIC, ...SIGNED_IN, '/payment', ...ADMIN])('gives %s a lazily loaded page of its own', (path) => {
    const { route } = leaf(path);
    expect(route?.path).not.toBe('*');
    expect(typeof route?.lazy).toBe('function');
  });

  it.each(PUBLIC)('lets anyone open %s', (path) => {
    const { components } = leaf(path);
    expect(components).not.toContain(RequireUser);
    expect(components).not.toContain(RequireAdmin);
  });

  it.each(SIGNED_IN)('keeps %s behind the user guard', (path) => {
    expect(leaf(path).components).toContain(RequireUser);
  });

  it('keeps /payment behind its own guard', () => {
    expect(leaf('/payment').components).toContain(RequirePayment);
  });

  it.each(ADMIN)('keeps %s behind the admin guard', (path) => {
    expect(leaf(path).components).toContain(RequireAdmin);
  });

  it('reads the route parameters the spec names', () => {
    expect(leaf('/allproduts/Sides%20To%20Share').params).toMatchObject({ categoriName: 'Sides To Share' });
    expect(leaf('/orders/0123456789abcdef01234567').params).toMatchObject({ ordersId: '0123456789abcdef01234567' });
  });

  it.each(['/nowhere', '/profile/someone-else', '/dashboard/extra'])('sends %s to the 404 page', (path) => {
    expect(leaf(path).route?.path).toBe('*');
  });

  it('loads the page components the routes name', async () => {
    for (const path of ['/', '/signin', '/dashboard', '/allproduts/Pizza', '/dispatch', '/driver']) {
      const lazy = leaf(path).route?.lazy;
      if (typeof lazy !== 'function') throw new Error(`no lazy page for ${path}`);
      const loaded = await lazy();
      expect(typeof loaded.Component, path).toBe('function');
    }
  });
});
