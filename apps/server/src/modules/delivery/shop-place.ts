import type { ServiceContext } from '../../context';
import { readShopSettings } from '../settings/public';

/** What the delivery area needs of the shop: its own post code (null while not set) and the phone customers call. */
export interface ShopPlace {
  shopPostcode: string | null;
  phone: string;
}

/**
 * The shop's post code and the trader's phone (decision 1002): saved in the back office, else SHOP_POSTCODE and
 * SHOP_PHONE, else no post code and the placeholder's phone. One read of the settings.
 */
export async function readShopPlace(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<ShopPlace> {
  const settings = await readShopSettings(ctx.db, ctx.config.shop);
  return { shopPostcode: settings.shopPostcode, phone: settings.traderPhone };
}
