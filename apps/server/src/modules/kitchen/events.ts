import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import { dbEvents } from '../../db-events';

// Busy mode or the pause changed (PUT /api/shop-status committed in this process), with the opening status after
// it. The realtime server tells every connection (`shop_status`); with several processes its PostgreSQL adapter
// carries that to the sockets of the others.
const shopStatusChanged = dbEvents<OpeningStatus>('shop status changed');

/** Subscribe to the shop status's changes as they commit; the listener runs detached and its errors are logged. */
export const onShopStatusChanged = shopStatusChanged.on;
export const emitShopStatusChanged = shopStatusChanged.emit;
