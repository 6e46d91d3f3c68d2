/**
 * The cart: one list of configured lines kept in localStorage, so it survives a reload and signing in
 * (the same browser keeps the same cart; see docs/decisions/0300). Prices are never stored here: they are
 * computed from the lines (locally for instant feedback, then confirmed by POST /api/cart/quote).
 */
import { useSyncExternalStore } from 'react';
import type { CartLine } from '@shop/shared/contract/cart';
import { MAX_QUANTITY, sameConfiguration } from '@shop/shared/domain/pricing';
import { ADDED_TO_CART, REMOVED_FROM_CART } from '@shop/shared/domain/messages';
import { CART_TOAST_MS, showToast } from './toast';

/** What the cart shows for a line besides its prices (the title and image at the time it was added). */
export type CartDisplay = { title: string; imageUrl: string | null; category: string };
export type CartEntry = { key: string; line: CartLine; display: CartDisplay };

export interface CartApi {
  entries: CartEntry[];
  /** The number of items (the sum of quantities), for the cart badge. */
  count: number;
  /** Appends a new configuration, or raises the quantity of the same configuration already in the cart. */
  add(line: CartLine, display: CartDisplay): void;
  remove(key: string): void;
  increase(key: string): void;
  /** Lowers the quantity, never below 1 (remove takes a line out). */
  decrease(key: string): void;
  clear(): void;
  /** Adds several lines at once (e.g. "order again"), each merged like `add`. */
  addLines(items: Array<{ line: CartLine; display: CartDisplay }>): void;
}

export const CART_STORAGE_KEY = 'shop.cart.v1';

type Listener = () => void;

function isEntry(value: unknown): value is CartEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<CartEntry>;
  return (
    typeof entry.key === 'string' &&
    !!entry.line &&
    typeof entry.line.productId === 'string' &&
    typeof entry.line.quantity === 'number' &&
    !!entry.display &&
    typeof entry.display.title === 'string'
  );
}

function readStorage(storage: Storage | null): CartEntry[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private mode, site data blocked): the cart then lives for the tab only.
    return null;
  }
}

let keySeed = 0;
function newKey(): string {
  keySeed += 1;
  return `${Date.now().toString(36)}-${keySeed.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

/** A cart store over a Storage; exported for tests, the app uses the one `cartStore`. */
export function createCartStore(storage: Storage | null) {
  let entries: CartEntry[] = readStorage(storage);
  const listeners = new Set<Listener>();

  const commit = (next: CartEntry[]) => {
    entries = next;
    try {
      storage?.setItem(CART_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Quota or blocked storage: keep the in-memory cart working.
    }
    for (const listener of listeners) listener();
  };

  const merge = (list: CartEntry[], line: CartLine, display: CartDisplay): CartEntry[] => {
    const index = list.findIndex((entry) => sameConfiguration(entry.line, line));
    if (index === -1) return [...list, { key: newKey(), line: { ...line, quantity: clampQuantity(line.quantity) }, display }];
    return list.map((entry, i) =>
      i === index ? { ...entry, line: { ...entry.line, quantity: clampQuantity(entry.line.quantity + line.quantity) } } : entry,
    );
  };

  const changeQuantity = (key: string, delta: number) => {
    commit(
      entries.map((entry) =>
        entry.key === key ? { ...entry, line: { ...entry.line, quantity: clampQuantity(entry.line.quantity + delta) } } : entry,
      ),
    );
  };

  return {
    getSnapshot: () => entries,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Another tab changed the cart: take its version. */
    reload() {
      entries = readStorage(storage);
      for (const listener of listeners) listener();
    },
    /** Shows 'Added To Cart!' for 1 s (a repeat raises the quantity, and is still an item added). */
    add(line: CartLine, display: CartDisplay) {
      commit(merge(entries, line, display));
      showToast(ADDED_TO_CART, 'success', CART_TOAST_MS);
    },
    addLines(items: Array<{ line: CartLine; display: CartDisplay }>) {
      commit(items.reduce((list, item) => merge(list, item.line, item.display), entries));
    },
    /** Shows 'Removed From Cart!' for 1 s. */
    remove(key: string) {
      if (!entries.some((entry) => entry.key === key)) return;
      commit(entries.filter((entry) => entry.key !== key));
      showToast(REMOVED_FROM_CART, 'success', CART_TOAST_MS);
    },
    increase(key: string) {
      changeQuantity(key, 1);
    },
    decrease(key: string) {
      changeQuantity(key, -1);
    },
    clear() {
      commit([]);
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

export const cartStore: CartStore = createCartStore(browserStorage());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) cartStore.reload();
  });
}

export function cartCount(entries: readonly CartEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.line.quantity, 0);
}

const actions = {
  add: cartStore.add,
  remove: cartStore.remove,
  increase: cartStore.increase,
  decrease: cartStore.decrease,
  clear: cartStore.clear,
  addLines: cartStore.addLines,
};

export function useCart(): CartApi {
  const entries = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getSnapshot);
  return { entries, count: cartCount(entries), ...actions };
}
