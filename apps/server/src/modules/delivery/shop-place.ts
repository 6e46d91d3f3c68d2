import { eq } from 'drizzle-orm';
import { SHOP_IDENTITY } from '@shop/shared/domain/shop-identity';
import type { ServiceContext } from '../../context';
import { shopSettings } from '../../db/schema';

/** What the delivery area needs of the shop: its own post code (null while not set) and the phone customers call. */
export interface ShopPlace {
  shopPostcode: string | null;
  phone: string;
}

/**
 * The shop's post code and phone as saved in the back office's settings (decision 1002), else the placeholder's phone.
 * TODO(decision 1001): read them through modules/settings/public once the trader settings (with SHOP_POSTCODE and
 * SHOP_PHONE as their fallbacks) are there.
 */
export async function readShopPlace(ctx: Pick<ServiceContext, 'db'>): Promise<ShopPlace> {
  const row = (
    await ctx.db
      .select({ shopPostcode: shopSettings.shopPostcode, phone: shopSettings.traderPhone })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .limit(1)
  )[0];
  return { shopPostcode: row?.shopPostcode ?? null, phone: row?.phone ?? SHOP_IDENTITY.phone };
}
