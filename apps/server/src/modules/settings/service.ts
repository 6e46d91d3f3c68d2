import { and, eq, isNull } from 'drizzle-orm';
import type { ShopSettingsUpdate, ShopSettingsWire, ShopTrader } from '@shop/shared/contract/settings';
import { DEFAULT_COLLECTION_MINUTES, DEFAULT_KITCHEN_SETTINGS, DEFAULT_TICKET_LEAD_MINUTES } from '@shop/shared/domain/kitchen';
import { DEFAULT_COUNTER_REFUND_LIMIT } from '@shop/shared/domain/roles';
import { DEFAULT_MINIMUM_ORDERS, type MinimumOrders } from '@shop/shared/domain/minimum-order';
import { penceToPounds } from '@shop/shared/domain/money';
import { DEFAULT_OPENING_HOURS, type OpeningHours } from '@shop/shared/domain/opening-hours';
import { DEFAULT_ORDER_TIMER_SETTINGS } from '@shop/shared/domain/order-promise';
import { SHOP_IDENTITY, type ShopIdentity } from '@shop/shared/domain/shop-identity';
import type { StampCardSettings } from '@shop/shared/domain/stamp-card';
import type { ShopEnvironment } from '../../config';
import type { ServiceContext } from '../../context';
import type { Db, InTransaction } from '../../db/client';
import { products, shopSettings } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { describeChanges, recordChange, type AuditActor } from '../audit/public';
import { emitShopSettingsChanged } from './events';

export const SETTINGS_ROW = 1;
type SettingsRow = typeof shopSettings.$inferSelect;

/**
 * Every setting's default, until an admin saves the row: the order timers (0800), the kitchen (0901), and the shop
 * itself (1002: the placeholder trader, no post code, 20 minutes to collect). The environment's SHOP_* variables
 * come before the placeholders (readShopSettings).
 */
export const DEFAULT_SHOP_SETTINGS: ShopSettingsWire = {
  ...DEFAULT_ORDER_TIMER_SETTINGS,
  ...DEFAULT_KITCHEN_SETTINGS,
  collectionMinutes: DEFAULT_COLLECTION_MINUTES,
  shopPostcode: null,
  traderName: SHOP_IDENTITY.name,
  traderAddress: [...SHOP_IDENTITY.address],
  traderPhone: SHOP_IDENTITY.phone,
  traderEmail: SHOP_IDENTITY.email,
  vatNumber: SHOP_IDENTITY.vatNumber,
  minimumOrder: { delivery: penceToPounds(DEFAULT_MINIMUM_ORDERS.delivery), collection: penceToPounds(DEFAULT_MINIMUM_ORDERS.collection) },
  counterRefundLimit: penceToPounds(DEFAULT_COUNTER_REFUND_LIMIT),
  ticketLeadMinutes: DEFAULT_TICKET_LEAD_MINUTES,
  autoCloseDay: true,
  stampCard: null,
  payPerDrop: 0,
  unassignedWarnMinutes: 10,
  lateDeliveryWarnMinutes: 15,
  mapTileUrl: null,
  mapAttribution: null,
  pushUpdates: true,
  smsUpdates: false,
};

/** A stored VAT number of '' means 'not VAT-registered', whatever SHOP_VAT_NUMBER says (a PUT of vatNumber: null). */
const NO_VAT_NUMBER = '';

async function readRow(db: Db): Promise<SettingsRow | undefined> {
  return (await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW)).limit(1))[0];
}

/** The defaults with the environment's shop (SHOP_NAME, SHOP_ADDRESS, ...) over the placeholders. */
function defaultsWith(shop: ShopEnvironment): ShopSettingsWire {
  return {
    ...DEFAULT_SHOP_SETTINGS,
    shopPostcode: shop.postcode ?? null,
    traderName: shop.name ?? DEFAULT_SHOP_SETTINGS.traderName,
    traderAddress: shop.address ?? DEFAULT_SHOP_SETTINGS.traderAddress,
    traderPhone: shop.phone ?? DEFAULT_SHOP_SETTINGS.traderPhone,
    traderEmail: shop.email ?? DEFAULT_SHOP_SETTINGS.traderEmail,
    vatNumber: shop.vatNumber ?? null,
  };
}

function settingsOf(row: SettingsRow | undefined, shop: ShopEnvironment): ShopSettingsWire {
  const defaults = defaultsWith(shop);
  if (!row) return defaults;
  return {
    lateAfterMinutes: row.lateAfterMinutes,
    autoRejectAfterMinutes: row.autoRejectAfterMinutes,
    autoAccept: row.autoAccept,
    usualMinutes: row.usualMinutes,
    queueAllowance: row.queueAllowance,
    minutesPerExtraOrder: row.minutesPerExtraOrder,
    slotCapacity: row.slotCapacity,
    collectionMinutes: row.collectionMinutes,
    shopPostcode: row.shopPostcode ?? defaults.shopPostcode,
    traderName: row.traderName ?? defaults.traderName,
    traderAddress: row.traderAddress === null ? defaults.traderAddress : row.traderAddress.split('\n'),
    traderPhone: row.traderPhone ?? defaults.traderPhone,
    traderEmail: row.traderEmail ?? defaults.traderEmail,
    vatNumber: row.vatNumber === null ? defaults.vatNumber : row.vatNumber === NO_VAT_NUMBER ? null : row.vatNumber,
    minimumOrder: {
      delivery: penceToPounds(row.minimumDelivery ?? DEFAULT_MINIMUM_ORDERS.delivery),
      collection: penceToPounds(row.minimumCollection ?? DEFAULT_MINIMUM_ORDERS.collection),
    },
    counterRefundLimit: penceToPounds(row.counterRefundLimit),
    ticketLeadMinutes: row.ticketLeadMinutes,
    autoCloseDay: row.autoCloseDay,
    stampCard: row.stampCard ?? null,
    payPerDrop: penceToPounds(row.payPerDrop),
    unassignedWarnMinutes: row.unassignedWarnMinutes,
    lateDeliveryWarnMinutes: row.lateDeliveryWarnMinutes,
    mapTileUrl: row.mapTileUrl,
    mapAttribution: row.mapAttribution,
    pushUpdates: row.pushUpdates,
    smsUpdates: row.smsUpdates,
  };
}

/**
 * The shop's settings: the stored row, or the defaults until an admin saves one (decisions 0800, 0901 and 1002).
 * Pass the environment's shop (`app.config.shop`) for the trader and post code it sets; without it the trader is
 * the placeholder's unless saved.
 */
export async function readShopSettings(db: Db, shop: ShopEnvironment = {}): Promise<ShopSettingsWire> {
  return settingsOf(await readRow(db), shop);
}

/** The trader as the customer reads it (footer, checkout, receipts), read once per use: saved, else SHOP_*, else the placeholder. */
export async function readShopIdentity(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<ShopIdentity> {
  const settings = await readShopSettings(ctx.db, ctx.config.shop);
  return {
    name: settings.traderName,
    address: settings.traderAddress,
    phone: settings.traderPhone,
    email: settings.traderEmail,
    vatNumber: settings.vatNumber,
  };
}

/** `GET /api/shop-trader`'s answer from the shop's identity (the server-rendered storefront carries it too). */
export function shopTraderOf(shop: ShopIdentity): ShopTrader {
  return { name: shop.name, address: [...shop.address], phone: shop.phone, email: shop.email, vatNumber: shop.vatNumber };
}

/** `GET /api/shop-trader`'s answer. */
export async function readShopTrader(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<ShopTrader> {
  return shopTraderOf(await readShopIdentity(ctx));
}

/** The shop's own post code ('BS1 4DJ'): saved, else SHOP_POSTCODE; null while neither is set. */
export async function readShopPostcode(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<string | null> {
  return (await readShopSettings(ctx.db, ctx.config.shop)).shopPostcode;
}

/** A change as the row stores it: the address as lines, a VAT number of null as '' (not VAT-registered). */
function rowChange(change: ShopSettingsUpdate): Partial<SettingsRow> {
  const { traderAddress, vatNumber, minimumOrder, ...rest } = change;
  return {
    ...rest,
    ...(minimumOrder === undefined ? {} : { minimumDelivery: minimumOrder.delivery, minimumCollection: minimumOrder.collection }),
    ...(traderAddress === undefined ? {} : { traderAddress: traderAddress.join('\n') }),
    ...(vatNumber === undefined ? {} : { vatNumber: vatNumber ?? NO_VAT_NUMBER }),
  };
}

/**
 * Saves the fields sent over the current settings (one statement, so two admins' saves never mix halves), and
 * after the commit tells the realtime server (the kitchen's settings move the quote every storefront shows).
 * A first save stores the trader's fields only when sent: the others keep following the environment.
 */
export async function updateShopSettings(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  change: ShopSettingsUpdate,
  actor: AuditActor,
): Promise<ShopSettingsWire> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (change.stampCard?.reward.kind === 'product') await assertRewardProduct(tx, change.stampCard.reward.productId);
    const before = await readShopSettings(tx, ctx.config.shop);
    await saveRow(tx, now, rowChange(change));
    const after = await readShopSettings(tx, ctx.config.shop);
    const sent = Object.keys(change) as Array<keyof ShopSettingsWire>;
    await recordChange(tx, now, {
      actor,
      action: 'settings.update',
      subjectType: 'settings',
      summary: (changed) => `Changed the shop’s settings: ${describeChanges(changed)}`,
      before: pick(before, sent),
      after: pick(after, sent),
    });
  });
  emitShopSettingsChanged(ctx.db);
  return readShopSettings(ctx.db, ctx.config.shop);
}

/** A stamp card's free item is a product on the menu. */
async function assertRewardProduct(db: Db, productId: string): Promise<void> {
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  if (found.length === 0) throw new HttpError('VALIDATION_FAILED', 'stampCard.reward.productId: no product on the menu has this id');
}

/** The fields among `keys` whose values differ between two readings. */
function pick<T extends object>(value: T, keys: Array<keyof T & string>): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}

/** Writes the fields of `set` over the row in one statement, creating it from the current values when absent. */
export async function saveRow(db: Db, now: Date, set: Partial<SettingsRow>): Promise<void> {
  const current = await readShopSettings(db);
  await db
    .insert(shopSettings)
    .values({
      id: SETTINGS_ROW,
      lateAfterMinutes: current.lateAfterMinutes,
      autoRejectAfterMinutes: current.autoRejectAfterMinutes,
      autoAccept: current.autoAccept,
      usualMinutes: current.usualMinutes,
      queueAllowance: current.queueAllowance,
      minutesPerExtraOrder: current.minutesPerExtraOrder,
      slotCapacity: current.slotCapacity,
      collectionMinutes: current.collectionMinutes,
      ...set,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...set, updatedAt: now } });
}

/**
 * The opening hours in force (decision 1400): the owner's, or the spec's until saved. Read from the database at each
 * use (one primary-key lookup), so a change made by any process is seen at once by every process. `db` may be an
 * order's transaction.
 */
export async function readOpeningHours(db: Db): Promise<OpeningHours> {
  const row = (
    await db.select({ hours: shopSettings.openingHours }).from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW)).limit(1)
  )[0];
  return row?.hours ?? DEFAULT_OPENING_HOURS;
}

/** The stamp card in force (decision 1601), read at each use like the hours; null while it is off. `db` may be an order's transaction. */
export async function readStampCard(db: InTransaction): Promise<StampCardSettings | null> {
  const row = (await db.select({ card: shopSettings.stampCard }).from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW)).limit(1))[0];
  return row?.card ?? null;
}

/** What a driver is paid per drop, pence (0 until set): the cash-up's pay, copied onto a shift when it closes (decision 1701). */
export async function readPayPerDrop(db: InTransaction): Promise<number> {
  const row = (
    await db.select({ payPerDrop: shopSettings.payPerDrop }).from(shopSettings).where(eq(shopSettings.id, SETTINGS_ROW)).limit(1)
  )[0];
  return row?.payPerDrop ?? 0;
}

/** The minimum order per fulfilment in pence: the owner's, or the spec's £10 until saved. */
export async function readMinimumOrders(db: Db): Promise<MinimumOrders> {
  const row = (
    await db
      .select({ delivery: shopSettings.minimumDelivery, collection: shopSettings.minimumCollection })
      .from(shopSettings)
      .where(eq(shopSettings.id, SETTINGS_ROW))
      .limit(1)
  )[0];
  return { delivery: row?.delivery ?? DEFAULT_MINIMUM_ORDERS.delivery, collection: row?.collection ?? DEFAULT_MINIMUM_ORDERS.collection };
}

/**
 * `PUT /api/opening-hours`: stores the whole value (the contract checked it), then tells the realtime server after
 * the commit, as a settings save does: every connection is sent the opening status it now answers (`shop_status`).
 */
export async function updateOpeningHours(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  hours: OpeningHours,
  actor: AuditActor,
): Promise<OpeningHours> {
  const value: OpeningHours = { weekly: hours.weekly, specialDays: hours.specialDays, cutoffMinutes: hours.cutoffMinutes };
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await readOpeningHours(tx);
    await saveRow(tx, now, { openingHours: value });
    const fields: Array<keyof OpeningHours> = ['weekly', 'specialDays', 'cutoffMinutes'];
    const words: Record<string, string> = {
      weekly: 'the weekly hours',
      specialDays: 'the special days',
      cutoffMinutes: 'the cut-off before closing',
    };
    await recordChange(tx, now, {
      actor,
      action: 'hours.update',
      subjectType: 'hours',
      summary: (changed) => `Changed the opening hours: ${changed.keys.map((key) => words[key]).join(', ')}`,
      before: pick(before, fields),
      after: pick(value, fields),
    });
  });
  emitShopSettingsChanged(ctx.db);
  return readOpeningHours(ctx.db);
}
