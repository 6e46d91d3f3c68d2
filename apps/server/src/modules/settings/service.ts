import { eq } from 'drizzle-orm';
import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { DEFAULT_ORDER_TIMER_SETTINGS } from '@shop/shared/domain/order-promise';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { shopSettings } from '../../db/schema';

const SETTINGS_ROW = 1;

/** The shop's settings: the stored row, or the defaults until an admin saves one (decision 0800). */
export async function readShopSettings(db: Db): Promise<ShopSettingsWire> {
  const row = (await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW)).limit(1))[0];
  if (!row) return { ...DEFAULT_ORDER_TIMER_SETTINGS };
  return { lateAfterMinutes: row.lateAfterMinutes, autoRejectAfterMinutes: row.autoRejectAfterMinutes, autoAccept: row.autoAccept };
}

/** Saves the fields sent over the current settings (one statement, so two admins' saves never mix halves). */
export async function updateShopSettings(ctx: Pick<ServiceContext, 'db' | 'now'>, change: ShopSettingsUpdate): Promise<ShopSettingsWire> {
  const now = ctx.now();
  const next = { ...(await readShopSettings(ctx.db)), ...change };
  await ctx.db
    .insert(shopSettings)
    .values({ id: SETTINGS_ROW, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...change, updatedAt: now } });
  return readShopSettings(ctx.db);
}
