import type { ShopStatusUpdate } from '@shop/shared/contract/shop-status';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import { api } from '../../../lib/api';

/** `PUT /api/shop-status` (admins): busy mode and the pause on or off; answers the opening status after the change. */
export function putShopStatus(change: ShopStatusUpdate): Promise<OpeningStatus> {
  return api.put<OpeningStatus>('/shop-status', change);
}
