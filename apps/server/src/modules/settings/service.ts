import { eq } from 'drizzle-orm';
import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { DEFAULT_KITCHEN_SETTINGS } from '@shop/shared/domain/kitchen';
import { DEFAULT_ORDER_TIMER_SETTINGS } from '@shop/shared/domain/order-promise';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { shopSettings } from '../../db/schema';
import { emitShopSettingsChanged } from './events';

const SETTINGS_ROW = 1;

/** Every setting's default, until an admin saves the row: the order timers (0800) and the kitchen (0901). */
export const DEFAULT_SHOP_SETTINGS: ShopSettingsWire = { ...DEFAULT_ORDER_TIMER_SETTINGS, ...DEFAULT_KITCHEN_SETTINGS };

/** The shop's settings: the stored row, or the defaults until an admin saves one (decisions 0800 and 0901). */
export async function readShopSettings(db: Db): Promise<ShopSettingsWire> {
  const row = (await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW)).limit(1))[0];
  if (!row) return { ...DEFAULT_SHOP_SETTINGS };
  return {
    lateAfterMinutes: row.lateAfterMinutes,
    autoRejectAfterMinutes: row.autoRejectAfterMinutes,
    autoAccept: row.autoAccept,
    usualMinutes: row.usualMinutes,
    queueAllowance: row.queueAllowance,
    minutesPerExtraOrder: row.minutesPerExtraOrder,
    slotCapacity: row.slotCapacity,
  };
}

/**
 * Saves the fields sent over the current settings (one statement, so two admins' saves never mix halves), and
 * after the commit tells the realtime server (the kitchen's settings move the quote every storefront shows).
 */
export async function updateShopSettings(ctx: Pick<ServiceContext, 'db' | 'now'>, change: ShopSettingsUpdate): Promise<ShopSettingsWire> {
  const now = ctx.now();
  const next = { ...(await readShopSettings(ctx.db)), ...change };
  await ctx.db
    .insert(shopSettings)
    .values({ id: SETTINGS_ROW, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...change, updatedAt: now } });
  emitShopSettingsChanged(ctx.db);
  return readShopSettings(ctx.db);
}
