/**
 * Whether the first render is hydrating a page the server rendered (issue 23, decision 1100), or is that server
 * render itself: it must then draw what the server drew, e.g. every card of the grid, where a browser-rendered
 * page draws the first two and the rest a moment later. main.tsx starts it before hydrating; the route table's
 * root ends it once the hydrated page's effects run.
 */
let hydrating = false;

export function startHydrating(): void {
  hydrating = true;
}

export function endHydrating(): void {
  hydrating = false;
}

export function isHydrating(): boolean {
  return import.meta.env.SSR || hydrating;
}
