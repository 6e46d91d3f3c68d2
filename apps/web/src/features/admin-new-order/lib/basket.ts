/**
 * New order's basket: the lines the staff add for a caller or a walk-in, held by the screen alone (never the
 * customer's cart in this browser's storage). Prices are not kept here: the cart quote prices the lines.
 */
import { useCallback, useMemo, useState } from 'react';
import type { CartLine } from '@shop/shared/contract/cart';
import { MAX_QUANTITY, sameConfiguration } from '@shop/shared/domain/pricing';
import type { CartDisplay } from '../../../lib/cart-store';

export type BasketEntry = { key: string; line: CartLine; display: CartDisplay };

let seed = 0;
function nextKey(): string {
  seed += 1;
  return `line-${seed}`;
}

const clamp = (quantity: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));

/** The basket with the line added: the same configuration raises its quantity, a new one goes at the end. */
export function addToBasket(entries: readonly BasketEntry[], line: CartLine, display: CartDisplay): BasketEntry[] {
  const index = entries.findIndex((entry) => sameConfiguration(entry.line, line));
  if (index === -1) return [...entries, { key: nextKey(), line: { ...line, quantity: clamp(line.quantity) }, display }];
  return entries.map((entry, i) =>
    i === index ? { ...entry, line: { ...entry.line, quantity: clamp(entry.line.quantity + line.quantity) } } : entry,
  );
}

/** The basket with one line's quantity moved by `delta`, never below 1 (Remove takes a line out). */
export function changeQuantity(entries: readonly BasketEntry[], key: string, delta: number): BasketEntry[] {
  return entries.map((entry) =>
    entry.key === key ? { ...entry, line: { ...entry.line, quantity: clamp(entry.line.quantity + delta) } } : entry,
  );
}

export interface NewOrderBasket {
  entries: BasketEntry[];
  lines: CartLine[];
  count: number;
  add(line: CartLine, display: CartDisplay): void;
  addLines(items: ReadonlyArray<{ line: CartLine; display: CartDisplay }>): void;
  increase(key: string): void;
  decrease(key: string): void;
  remove(key: string): void;
  clear(): void;
}

/** The screen's basket state; `add` is stable, so the menu's cards are not redrawn when the basket changes. */
export function useNewOrderBasket(): NewOrderBasket {
  const [entries, setEntries] = useState<BasketEntry[]>([]);
  const add = useCallback((line: CartLine, display: CartDisplay) => setEntries((current) => addToBasket(current, line, display)), []);
  const addLines = useCallback(
    (items: ReadonlyArray<{ line: CartLine; display: CartDisplay }>) =>
      setEntries((current) => items.reduce((list, item) => addToBasket(list, item.line, item.display), current)),
    [],
  );
  const increase = useCallback((key: string) => setEntries((current) => changeQuantity(current, key, 1)), []);
  const decrease = useCallback((key: string) => setEntries((current) => changeQuantity(current, key, -1)), []);
  const remove = useCallback((key: string) => setEntries((current) => current.filter((entry) => entry.key !== key)), []);
  const clear = useCallback(() => setEntries([]), []);
  return useMemo(
    () => ({
      entries,
      lines: entries.map((entry) => entry.line),
      count: entries.reduce((sum, entry) => sum + entry.line.quantity, 0),
      add,
      addLines,
      increase,
      decrease,
      remove,
      clear,
    }),
    [entries, add, addLines, increase, decrease, remove, clear],
  );
}
