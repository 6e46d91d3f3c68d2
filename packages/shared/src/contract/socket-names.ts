/**
 * The realtime socket's names and the client's settings, without zod: the storefront's sockets (the
 * menu's `menu_changed`, the opening status's `shop_status`) load these alone, so opening the socket after the first
 * paint no longer evaluates the contract's schemas on a phone's main thread. contract/realtime.ts and
 * contract/shop-status.ts re-export them beside their payload schemas.
 */

export const SOCKET_PATH = '/socket.io';

/**
 * To every connection, signed in or not: the menu changed (an item sold out or back on sale, any
 * catalogue write), with an empty payload. The storefront refetches its menu lists (an unchanged list costs a 304).
 */
export const MENU_CHANGED = 'menu_changed';

/**
 * To every connection when the opening status changes (busy mode, a pause, the kitchen's settings): its payload is
 * the opening status (shopStatusEventSchema in contract/shop-status.ts).
 */
export const SHOP_STATUS = 'shop_status';

/**
 * To a driver's own connections (their account's room): their runs changed (an order assigned to them, moved away,
 * taken off, reordered, or delivered or canceled by the shop), with an empty payload. The driver's page refetches.
 */
export const RUNS_CHANGED = 'runs_changed';

/**
 * The client's connection settings of SPEC.md section 9: polling first, then websocket; reconnect after 1 s up
 * to 5 s with randomization 0.5, for ever; give up a connection attempt after 20 s.
 */
export const SOCKET_CLIENT_OPTIONS = {
  path: SOCKET_PATH,
  transports: ['polling', 'websocket'],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
  withCredentials: true,
} as const;
