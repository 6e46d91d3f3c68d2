import { dbEvents } from '../../db-events';

// The shop's settings changed (a PUT committed in this process). The kitchen's settings move the quote, so the
// realtime server tells every connection (`shop_status`); with several processes its PostgreSQL adapter carries that
// to the sockets of the others.
const shopSettingsChanged = dbEvents('shop settings changed');

/** Subscribe to the settings' changes as they commit; the listener runs detached and its errors are logged. */
export const onShopSettingsChanged = shopSettingsChanged.on;
export const emitShopSettingsChanged = shopSettingsChanged.emit;
