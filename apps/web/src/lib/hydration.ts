import { EARLY_TAPS_RELEASE } from '@shop/shared/contract/early-taps';

/**
 * Whether the first render is hydrating a page the server rendered (issue 23, decision 1100), or is that server
 * render itself: it must then draw what the server drew, e.g. every card of the grid, where a browser-rendered
 * page draws the first two and the rest a moment later. app/start.tsx starts it before hydrating; the route table's
 * root ends it once the hydrated page's effects run.
 */
let hydrating = false;

export function startHydrating(): void {
  hydrating = true;
}

export function endHydrating(): void {
  hydrating = false;
}

let markLive: () => void = () => {};

/**
 * Resolves once the app's root has run its first effects: the page is live, hydrated or rendered by the browser.
 * main.tsx waits for it before registering the service worker.
 */
export const appLive: Promise<void> = new Promise<void>((resolve) => {
  markLive = resolve;
});

/** Called by the route table's root once its first effects run. */
export function markAppLive(): void {
  markLive();
}

export function isHydrating(): boolean {
  return import.meta.env.SSR || hydrating;
}

/**
 * Ends the holding of taps that index.html's first script began (EARLY_TAPS_SCRIPT, decision 1103) and clicks again
 * each button tapped before the page was live: the customer's Add to cart or heart, now with its handler. Called
 * once the root's first effects have run; each click in a task of its own, as taps are, so the size tapped first is
 * chosen before the Add to cart tapped next.
 */
export function releaseEarlyTaps(): void {
  const release = (window as unknown as Record<string, (() => HTMLElement[]) | undefined>)[EARLY_TAPS_RELEASE];
  if (!release) return;
  let buttons: HTMLElement[] | null = null;
  const next = () => {
    buttons ??= release();
    const button = buttons.shift();
    if (button?.isConnected) button.click();
    if (buttons.length > 0) window.setTimeout(next, 0);
  };
  window.setTimeout(next, 0);
}
