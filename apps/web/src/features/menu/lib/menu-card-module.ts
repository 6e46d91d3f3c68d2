import type { MenuCard } from '../components/menu-card';

/**
 * The option cards' code (components/menu-card.tsx), loaded apart from the menu: the menu opens on Deals, which needs
 * none of it. Once loaded, a list mounted afterwards draws the card itself rather than through React.lazy, which
 * suspends a first time even when the code is already here. A server-rendered category view loads it before its
 * hydration (app/start.tsx), so its cards hydrate with the page, keeping a choice made before the app ran.
 */
let loaded: typeof MenuCard | undefined;

export function loadMenuCard(): Promise<typeof MenuCard> {
  return import('../components/menu-card').then((module) => (loaded = module.MenuCard));
}

export function loadedMenuCard(): typeof MenuCard | undefined {
  return loaded;
}
