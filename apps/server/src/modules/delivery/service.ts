import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  DeliveryCheckAnswer,
  DeliveryZoneCreate,
  DeliveryZonesAnswer,
  DeliveryZoneUpdate,
  DeliveryZoneWire,
} from '@shop/shared/contract/delivery';
import {
  deliveryFor,
  homeZoneOf,
  parseUkPostcode,
  zoneMinimumRefusal,
  type DeliveryDecision,
  type DeliveryZone,
} from '@shop/shared/domain/delivery-zones';
import { deliveryFeeRange } from '@shop/shared/domain/delivery-fee-range';
import { formatPounds, penceToPounds } from '@shop/shared/domain/money';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { isId, newId } from '../../db/id';
import { deliveryZones } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordChange, describeChanges, recordAudit, type AuditActor } from '../audit/public';
import { readShopPlace } from './shop-place';

// The delivery area (issue 22 point 2, decision 1001): the zones an admin edits, and the decision every order and
// the storefront's check take from them, the shop's post code and its phone.

export const ZONE_NOT_FOUND = 'That delivery zone does not exist (it may have been removed)';
export const zoneExists = (code: string) => `There is already a zone for ${code}: change its fee instead`;
export const LAST_ZONE =
  'The shop needs at least one delivery zone while its post code is set: change this zone’s fee or minimum instead, or add another zone first';

type ZoneRow = typeof deliveryZones.$inferSelect;

function toWire(row: ZoneRow): DeliveryZoneWire {
  return { _id: row.id, code: row.code, fee: penceToPounds(row.fee), minimumOrder: penceToPounds(row.minimumOrder) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Once the shop's post code is set and no zone exists yet, its own district becomes a free zone (issue 22 point 2):
 * one statement that inserts it only into an empty table, so two requests at once add it once. After that the zones
 * are the owner's: the last one cannot be removed while the post code is set, so the table is never empty again.
 */
async function ensureHomeZone(db: Db, shopPostcode: string, now: Date): Promise<void> {
  const home = homeZoneOf(shopPostcode);
  if (!home) return;
  await db.execute(sql`insert into delivery_zones (id, code, fee, minimum_order, created_at)
    select ${newId()}, ${home.code}, ${home.fee}, ${home.minimumOrder}, ${now.toISOString()}::timestamptz
    where not exists (select 1 from delivery_zones)
    on conflict (code) do nothing`);
}

async function zoneRows(db: Db): Promise<ZoneRow[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.code));
}

/** What an order or a check needs to decide: the shop's post code, its phone and the zones (with the home zone made). */
export interface DeliveryArea {
  shopPostcode: string | null;
  phone: string;
  zones: DeliveryZone[];
}

export async function readDeliveryArea(ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>): Promise<DeliveryArea> {
  const place = await readShopPlace(ctx);
  if (!place.shopPostcode) return { shopPostcode: null, phone: place.phone, zones: [] };
  let rows = await zoneRows(ctx.db);
  if (rows.length === 0) {
    await ensureHomeZone(ctx.db, place.shopPostcode, ctx.now());
    rows = await zoneRows(ctx.db);
  }
  const zones = rows.map(({ code, fee, minimumOrder }) => ({ code, fee, minimumOrder }));
  return { shopPostcode: place.shopPostcode, phone: place.phone, zones };
}

/** The delivery decision for a post code in an area already read. */
export function decideDelivery(area: DeliveryArea, postcode: string): DeliveryDecision {
  return deliveryFor({ postcode, shopPostcode: area.shopPostcode, zones: area.zones, phone: area.phone });
}

/**
 * For placing an order delivered to `postcode` whose food comes to `foodTotal` pence, in the area read: its delivery
 * fee in pence, or 422 OUTSIDE_DELIVERY_AREA / POSTCODE_NOT_UK with the shop's phone, or 422 DELIVERY_MINIMUM under
 * the zone's minimum.
 */
export function deliveryFeeIn(area: DeliveryArea, postcode: string, foodTotal: number): number {
  const decision = decideDelivery(area, postcode);
  if (!decision.delivers)
    throw new HttpError(decision.reason === 'outside' ? 'OUTSIDE_DELIVERY_AREA' : 'POSTCODE_NOT_UK', decision.message);
  const underMinimum = zoneMinimumRefusal(decision, foodTotal);
  if (underMinimum) throw new HttpError('DELIVERY_MINIMUM', underMinimum);
  return decision.fee;
}

/** `GET /api/delivery-check`: whether the shop delivers to a post code, at what fee and from what minimum. */
export async function checkDelivery(ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>, postcode: string): Promise<DeliveryCheckAnswer> {
  const decision = decideDelivery(await readDeliveryArea(ctx), postcode);
  const shown = parseUkPostcode(postcode)?.postcode ?? postcode.trim();
  if (!decision.delivers) return { delivers: false, postcode: shown, zone: null, fee: 0, minimumOrder: 0, message: decision.message };
  return {
    delivers: true,
    postcode: shown,
    zone: decision.zone?.code ?? null,
    fee: penceToPounds(decision.fee),
    minimumOrder: penceToPounds(decision.minimumOrder),
    message: null,
  };
}

/**
 * The lowest and highest fee of the zones, in pounds, for the cart to tell before checkout (decision 1005), and the
 * zones' codes for checkout's terms; both null while the shop's post code is not set (no zones: every post code is
 * delivered free).
 */
export async function deliveryTermsOf(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
): Promise<{ deliveryFees: { from: number; to: number } | null; deliveryArea: string[] | null }> {
  const { zones } = await readDeliveryArea(ctx);
  const range = deliveryFeeRange(zones);
  return {
    deliveryFees: range && { from: penceToPounds(range.from), to: penceToPounds(range.to) },
    deliveryArea: zones.length === 0 ? null : zones.map((zone) => zone.code),
  };
}

export async function listZones(ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>): Promise<DeliveryZonesAnswer> {
  const area = await readDeliveryArea(ctx);
  return { shopPostcode: area.shopPostcode, zones: (await zoneRows(ctx.db)).map(toWire) };
}

/** A zone as the audit log keeps it: amounts in pounds as the screens show them. */
function auditedZone(row: ZoneRow): Record<string, unknown> {
  return { code: row.code, fee: formatPounds(row.fee), minimumOrder: formatPounds(row.minimumOrder) };
}

export async function addZone(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
  input: DeliveryZoneCreate,
  actor: AuditActor,
): Promise<DeliveryZoneWire> {
  // The home zone first, so the owner's first zone is not taken for the table's being set up.
  await readDeliveryArea(ctx);
  const now = ctx.now();
  const row = await ctx.db
    .transaction(async (tx) => {
      const [added] = await tx
        .insert(deliveryZones)
        .values({ id: newId(), code: input.code, fee: input.fee, minimumOrder: input.minimumOrder, createdAt: now })
        .returning();
      if (!added) throw new Error('the zone was not stored');
      await recordAudit(tx, now, {
        actor,
        action: 'zone.create',
        subjectType: 'zone',
        subjectId: added.id,
        summary: `Added the delivery zone ${added.code}: fee ${formatPounds(added.fee)}, minimum ${formatPounds(added.minimumOrder)}`,
        after: auditedZone(added),
      });
      return added;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError('DELIVERY_ZONE_EXISTS', zoneExists(input.code));
      throw error;
    });
  return toWire(row);
}

export async function updateZone(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  change: DeliveryZoneUpdate,
  actor: AuditActor,
): Promise<DeliveryZoneWire> {
  if (!isId(id)) throw new HttpError('DELIVERY_ZONE_NOT_FOUND', ZONE_NOT_FOUND);
  const now = ctx.now();
  const set: Partial<ZoneRow> = { updatedAt: now };
  if (change.code !== undefined) set.code = change.code;
  if (change.fee !== undefined) set.fee = change.fee;
  if (change.minimumOrder !== undefined) set.minimumOrder = change.minimumOrder;
  const rows = await ctx.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update');
      if (!before) return [];
      const updated = await tx.update(deliveryZones).set(set).where(eq(deliveryZones.id, id)).returning();
      if (updated[0]) {
        await recordChange(tx, now, {
          actor,
          action: 'zone.update',
          subjectType: 'zone',
          subjectId: id,
          summary: (change) => `Changed the delivery zone ${before.code}: ${describeChanges(change, { minimumOrder: 'minimum order' })}`,
          before: auditedZone(before),
          after: auditedZone(updated[0]),
        });
      }
      return updated;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error) && change.code) throw new HttpError('DELIVERY_ZONE_EXISTS', zoneExists(change.code));
      throw error;
    });
  const row = rows[0];
  if (!row) throw new HttpError('DELIVERY_ZONE_NOT_FOUND', ZONE_NOT_FOUND);
  return toWire(row);
}

/** Removes a zone; the last one stays while the shop's post code is set (409 LAST_DELIVERY_ZONE), in one statement. */
export async function removeZone(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
  id: string,
  actor: AuditActor,
): Promise<{ deletedCount: number }> {
  const { shopPostcode } = await readShopPlace(ctx);
  if (!isId(id)) throw new HttpError('DELIVERY_ZONE_NOT_FOUND', ZONE_NOT_FOUND);
  const keepOne = sql`exists (select 1 from delivery_zones other where other.id <> ${id})`;
  const now = ctx.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(deliveryZones)
      .where(shopPostcode ? and(eq(deliveryZones.id, id), keepOne) : eq(deliveryZones.id, id))
      .returning();
    if (!row) return false;
    await recordAudit(tx, now, {
      actor,
      action: 'zone.delete',
      subjectType: 'zone',
      subjectId: id,
      summary: `Removed the delivery zone ${row.code}`,
      before: auditedZone(row),
    });
    return true;
  });
  if (deleted) return { deletedCount: 1 };
  const exists = await ctx.db.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.id, id)).limit(1);
  if (exists.length === 0) throw new HttpError('DELIVERY_ZONE_NOT_FOUND', ZONE_NOT_FOUND);
  throw new HttpError('LAST_DELIVERY_ZONE', LAST_ZONE);
}
