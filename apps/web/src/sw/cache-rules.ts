/**
 * What the storefront's service worker (sw.ts) does with each request, as one pure function: the worker asks it for
 * every request it sees, and cache-rules.test.ts asks it about the URLs that must never be cached (decision 1101).
 *
 * An allowlist: only the requests named here are answered by the worker; every other request (any write, any
 * other /api answer: the session, account, cart, orders, checkout, back office; socket.io) goes to the network as
 * if there were no worker, and nothing of it is stored. Pages are never stored either: a navigation always goes to
 * the network, and only when that fails is the precached offline page shown instead.
 */

/** The caches the worker fills at run time (the precache of the app's shell is Workbox's own). */
export const MENU_IMAGES_CACHE = 'menu-images';
export const MENU_CACHE = 'menu';

/** Menu pictures kept, the most recently used first; older ones are dropped (Workbox's ExpirationPlugin). */
export const MENU_IMAGES_MAX_ENTRIES = 120;
/** A picture's URL names its content (a new upload gets a new id), so it can be kept a while: 30 days. */
export const MENU_IMAGES_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The page a failed navigation shows (apps/web/public/offline.html, precached with its script). */
export const OFFLINE_PAGE = '/offline.html';

/**
 * The menu's answers, the same for every visitor (GET, no query): the categories, the products and the toppings.
 * Kept so a repeat visit on a poor signal still has the menu when the network fails.
 */
export const MENU_ANSWERS: readonly string[] = ['/api/allcategori', '/api/allproduts', '/api/ingredients'];

export type CacheRule =
  /** A navigation: the network, or the offline page when the network fails. The page itself is never stored. */
  | 'page-or-offline'
  /** A product, category or banner picture: from the cache if there, else the network (then stored). */
  | 'menu-image'
  /** The menu's JSON: the network first (then stored), the stored answer when the network fails. */
  | 'menu-answer'
  /** Not handled: straight to the network, never stored. */
  | 'network';

export interface RequestFacts {
  url: URL;
  /** The shop's own origin (the worker's location). */
  origin: string;
  method: string;
  /** Request.mode: 'navigate' for a page the browser opens. */
  mode: string;
}

export function cacheRuleFor({ url, origin, method, mode }: RequestFacts): CacheRule {
  // Writes (POST, PUT, DELETE, PATCH...) are never answered from or put in a cache; nor is another site's request
  // (Stripe's scripts and frames, its API).
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const { pathname, search } = url;
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  // A page of the app. An /api address opened as a page (the customer's data download, the API reference) is not.
  if (mode === 'navigate') return isApi ? 'network' : 'page-or-offline';
  // /api/images/<id>?w=<width>: the id names the picture's content, the width one of its stored sizes.
  if (/^\/api\/images\/[^/]+$/.test(pathname)) return 'menu-image';
  if (search === '' && MENU_ANSWERS.includes(pathname)) return 'menu-answer';
  return 'network';
}
