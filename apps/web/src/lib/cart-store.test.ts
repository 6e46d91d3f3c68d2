import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, cartCount, createCartStore } from './cart-store';
import { toastStore } from './toast';

class MemoryStorage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const PIZZA = 'a'.repeat(24);
const PEPPERONI = 'b'.repeat(24);
const MUSHROOM = 'c'.repeat(24);
const display = { title: 'Margherita', imageUrl: null, category: 'Pizza' };
const pizza = (more: object = {}) => ({ productId: PIZZA, quantity: 1, size: 'm' as const, crust: 'deep_pan' as const, ...more });

describe('the cart store', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = new MemoryStorage() as unknown as Storage;
  });

  it('appends a new configuration with "Added To Cart!" for 1 s', () => {
    const cart = createCartStore(storage);
    cart.add(pizza(), display);
    cart.add(pizza({ size: 'l' }), display);
    expect(cart.getSnapshot().map((entry) => entry.line.size)).toEqual(['m', 'l']);
    expect(toastStore.getSnapshot()).toMatchObject({ message: 'Added To Cart!', durationMs: 1000 });
  });

  it('raises the quantity when the same configuration is added again (toppings in any order after the first)', () => {
    const cart = createCartStore(storage);
    cart.add(pizza({ toppingIds: [PEPPERONI, MUSHROOM] }), display);
    cart.add(pizza({ toppingIds: [PEPPERONI, MUSHROOM], quantity: 2 }), display);
    expect(cart.getSnapshot()).toHaveLength(1);
    expect(cart.getSnapshot()[0]?.line.quantity).toBe(3);
    // A different first topping can change the price (shakes), so it is another line.
    cart.add(pizza({ toppingIds: [MUSHROOM, PEPPERONI] }), display);
    expect(cart.getSnapshot()).toHaveLength(2);
    expect(cartCount(cart.getSnapshot())).toBe(4);
  });

  it('never decreases below 1 and never increases past 99', () => {
    const cart = createCartStore(storage);
    cart.add(pizza(), display);
    const key = cart.getSnapshot()[0]?.key ?? '';
    cart.decrease(key);
    cart.decrease(key);
    expect(cart.getSnapshot()[0]?.line.quantity).toBe(1);
    cart.increase(key);
    expect(cart.getSnapshot()[0]?.line.quantity).toBe(2);
    cart.add(pizza({ quantity: 99 }), display);
    expect(cart.getSnapshot()[0]?.line.quantity).toBe(99);
  });

  it('removes a line with "Removed From Cart!" for 1 s, and clears', () => {
    const cart = createCartStore(storage);
    cart.add(pizza(), display);
    cart.add(pizza({ size: 'l' }), display);
    cart.remove(cart.getSnapshot()[0]?.key ?? '');
    expect(cart.getSnapshot().map((entry) => entry.line.size)).toEqual(['l']);
    expect(toastStore.getSnapshot()).toMatchObject({ message: 'Removed From Cart!', durationMs: 1000 });
    cart.clear();
    expect(cart.getSnapshot()).toEqual([]);
  });

  it('survives a reload: a new store over the same storage has the same lines', () => {
    const cart = createCartStore(storage);
    cart.add(pizza({ quantity: 2 }), display);
    cart.addLines([{ line: { productId: PEPPERONI, quantity: 1 }, display: { ...display, title: 'Cola' } }]);
    const reloaded = createCartStore(storage);
    expect(reloaded.getSnapshot()).toEqual(cart.getSnapshot());
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(2);
  });

  it('ignores a corrupt stored cart instead of failing', () => {
    storage.setItem(CART_STORAGE_KEY, '{not json');
    expect(createCartStore(storage).getSnapshot()).toEqual([]);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ key: 1 }, null, 'x']));
    expect(createCartStore(storage).getSnapshot()).toEqual([]);
  });
});
