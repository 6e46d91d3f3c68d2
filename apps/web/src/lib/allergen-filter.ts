import { useSyncExternalStore } from 'react';

// The menu's allergen filter ('Hide dishes with: milk, peanuts'): the codes the customer avoids, kept in this
// browser (localStorage) so the menu, the builders and the cart read the same list on every visit. Tiny on purpose:
// the menu's first download carries it (the filter's panel and rules load when used, decision 1000).

const KEY = 'shop.avoidAllergens';
const NONE: readonly string[] = [];
const listeners = new Set<() => void>();

function read(): readonly string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) && stored.length > 0 ? stored.filter((code): code is string => typeof code === 'string') : NONE;
  } catch {
    return NONE;
  }
}

let avoided: readonly string[] | undefined;

function snapshot(): readonly string[] {
  avoided ??= typeof window === 'undefined' ? NONE : read();
  return avoided;
}

/** Sets the allergens to avoid (an empty list turns the filter off). */
export function setAvoidedAllergens(codes: readonly string[]): void {
  avoided = codes.length > 0 ? [...codes] : NONE;
  try {
    if (codes.length > 0) window.localStorage.setItem(KEY, JSON.stringify(codes));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode: the filter still holds for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The allergens the customer avoids ([] when the filter is off). */
export function useAvoidedAllergens(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}

/** 'gluten, milk, tree nuts': the codes as a card's line reads them (the codes are the FSA's words but for nuts). */
export function allergenWords(codes: readonly string[]): string {
  return codes.map((code) => (code === 'nuts' ? 'tree nuts' : code)).join(', ');
}
