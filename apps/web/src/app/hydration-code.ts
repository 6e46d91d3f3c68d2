import { loadMenuCard } from '../features/menu/lib/menu-card-module';

/**
 * The lazy code a server-rendered page needs to hydrate all at once (decision 1103): a category view's option cards
 * (marked data-card="options" by the server's render). app/start.tsx loads it before hydrating, so a tap on a card is
 * handled the moment the page is live instead of waiting for the card's code (or, held before, being lost).
 */
export function loadHydrationCode(): Promise<unknown> {
  return document.querySelector('#root [data-card="options"]') ? loadMenuCard() : Promise.resolve();
}
