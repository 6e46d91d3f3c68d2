/**
 * Whether the first render is hydrating a page the server rendered (issue 23, decision 1100), or is that server
 * render itself: it must then draw what the server drew, e.g. every card of the grid, where a browser-rendered
 * page draws the first two and the rest a moment later. main.tsx starts it before hydrating; the route table's
 * root ends it once the hydrated page's effects run.
 */
let hydrating = false;

/**
 * While a page the server rendered waits for hydration, its buttons do nothing yet (their handlers come with it): the
 * page's `data-hydrating` attribute lets styles/storefront.css keep them from taking a tap that would be lost, so a
 * tap on a slow phone lands once it can act (links still work as links). Set only by the script, so with scripts
 * off nothing is held.
 */
const HYDRATING_ATTRIBUTE = 'data-hydrating';

export function startHydrating(): void {
  hydrating = true;
  if (typeof document !== 'undefined') document.documentElement.setAttribute(HYDRATING_ATTRIBUTE, '');
}

export function endHydrating(): void {
  hydrating = false;
  if (typeof document !== 'undefined') document.documentElement.removeAttribute(HYDRATING_ATTRIBUTE);
}

export function isHydrating(): boolean {
  return import.meta.env.SSR || hydrating;
}
