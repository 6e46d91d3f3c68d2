import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey, productsQueryKey, toppingsQueryKey, useProducts, useToppings } from './menu-queries';

// The socket's part is its own chunk (socket.io-client and the realtime contract), loaded after the menu has drawn:
// the storefront's first load does not carry it.
const MenuSocket = lazy(() => import('./menu-socket').then((m) => ({ default: m.MenuSocket })));

let refreshing = false;

/**
 * Asks again for the menu lists (an unchanged list costs a 304) and the cart's quote. Several screens may ask at
 * once for one event (the menu and the side cart): one refresh a turn.
 */
export function refreshMenu(client: QueryClient): void {
  if (refreshing) return;
  refreshing = true;
  queueMicrotask(() => {
    refreshing = false;
    for (const queryKey of [productsQueryKey, toppingsQueryKey, categoriesQueryKey, ['cart-quote']]) {
      void client.invalidateQueries({ queryKey });
    }
  });
}

/** setTimeout's longest delay is about 24.8 days; a later instant is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** The first `soldOutUntil` still ahead in these answers (ms), or null. */
export function nextComeBack(lists: ReadonlyArray<ReadonlyArray<{ soldOutUntil: string | null }> | undefined>, now: number): number | null {
  let next: number | null = null;
  for (const list of lists) {
    for (const item of list ?? []) {
      if (item.soldOutUntil === null) continue;
      const at = Date.parse(item.soldOutUntil);
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

/**
 * Keeps the open menu true: refetches it when the server says it changed (`menu_changed`, to every
 * connection, signed in or not) or the socket comes back (an event may have been missed), and when an item sold out
 * for today is back at its `soldOutUntil` (the shop's next opening). Mounted by the screens that show the menu or
 * the cart; renders nothing.
 */
export function LiveMenu() {
  const client = useQueryClient();
  const products = useProducts();
  const toppings = useToppings();
  const productList = products.data;
  const toppingList = toppings.data;

  useEffect(() => {
    const now = Date.now();
    const next = nextComeBack([productList, toppingList], now);
    if (next === null) return undefined;
    // A second after the instant, so the shop's clock has passed it too.
    const timer = setTimeout(() => refreshMenu(client), Math.min(next - now + 1000, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [productList, toppingList, client]);

  return (
    <Suspense fallback={null}>
      <MenuSocket onChange={() => refreshMenu(client)} />
    </Suspense>
  );
}
