import { dbEvents } from '../../db-events';

// The menu changed (a catalogue write committed in this process: an item sold out or back on, a product, topping or
// category added, changed or deleted). The realtime server tells every open storefront (`menu_changed`), and with
// several processes its PostgreSQL adapter carries that to the sockets of the others.
const menuChanged = dbEvents('menu changed');

/** Subscribe to the menu's changes as they commit; the listener runs detached and its errors are logged. */
export const onMenuChanged = menuChanged.on;
export const emitMenuChanged = menuChanged.emit;
