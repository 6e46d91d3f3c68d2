import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True in the server's render and while React hydrates it in the browser (React reads the server snapshot then), false
 * in every other render. A component whose browser render draws less at first (the product grid's first two cards)
 * draws what the server drew while this is true, so the hydration matches the markup.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
