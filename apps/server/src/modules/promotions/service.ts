import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DeletedAnswer } from '@shop/shared/contract/catalogue';
import { toPromotionWire, type PromotionWire, type PromotionWrite } from '@shop/shared/contract/promotions';
import { promotionLabel } from '@shop/shared/domain/promotions';
import type { ServiceContext } from '../../context';
import type { Db, InTransaction } from '../../db/client';
import { isId, newId } from '../../db/id';
import { orders, promotionRedemptions, promotions } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, recordChange, type AuditActor } from '../audit/public';
import { countedOrder } from './discounts';

export const PROMOTION_NOT_FOUND = 'Promotion not found';

function codeTaken(code: string): HttpError {
  return new HttpError('PROMO_CODE_TAKEN', `There is already a promotion with the code ${code}: choose another code`);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The promotions not archived, codes first by code then the automatic offers by name, each with its uses. */
export async function listPromotions(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<PromotionWire[]> {
  return readPromotions(ctx.db, ctx.now());
}

async function readPromotions(db: Db | InTransaction, now: Date, id?: string): Promise<PromotionWire[]> {
  const uses = db
    .select({
      promotionId: promotionRedemptions.promotionId,
      uses: sql<number>`count(*)`.mapWith(Number).as('uses'),
      discounted: sql<number>`coalesce(sum(${promotionRedemptions.amount}), 0)`.mapWith(Number).as('discounted'),
    })
    .from(promotionRedemptions)
    .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
    .where(countedOrder(now))
    .groupBy(promotionRedemptions.promotionId)
    .as('uses');
  const rows = await db
    .select({
      id: promotions.id,
      name: promotions.name,
      code: promotions.code,
      active: promotions.active,
      rule: promotions.rule,
      createdAt: promotions.createdAt,
      updatedAt: promotions.updatedAt,
      uses: sql<number>`coalesce(${uses.uses}, 0)`.mapWith(Number),
      discounted: sql<number>`coalesce(${uses.discounted}, 0)`.mapWith(Number),
    })
    .from(promotions)
    .leftJoin(uses, eq(uses.promotionId, promotions.id))
    .where(and(isNull(promotions.deletedAt), id ? eq(promotions.id, id) : undefined))
    .orderBy(sql`${promotions.code} is null`, asc(promotions.code), asc(promotions.name), asc(promotions.id));
  return rows.map(toPromotionWire);
}

function describe(write: PromotionWrite): string {
  return `${write.code ?? write.name} (${promotionLabel({ ...write, targetTitle: null })}${write.active ? '' : ', paused'})`;
}

export async function createPromotion(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  write: PromotionWrite,
  actor: AuditActor,
): Promise<PromotionWire> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      if (write.code) await refuseTakenCode(tx, write.code);
      const id = newId(now);
      await tx
        .insert(promotions)
        .values({ id, name: write.name, code: write.code, rule: write.rule, active: write.active, createdAt: now });
      await recordAudit(tx, now, {
        actor,
        action: 'promotion.create',
        subjectType: 'promotion',
        subjectId: id,
        summary: `Added the promotion ${describe(write)}`,
        after: { name: write.name, code: write.code, active: write.active, rule: write.rule },
      });
      const [wire] = await readPromotions(tx, now, id);
      return wire!;
    });
  } catch (error) {
    if (write.code && isUniqueViolation(error)) throw codeTaken(write.code);
    throw error;
  }
}

async function refuseTakenCode(tx: InTransaction, code: string, exceptId?: string): Promise<void> {
  const taken = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.code, code), isNull(promotions.deletedAt), exceptId ? ne(promotions.id, exceptId) : undefined));
  if (taken.length > 0) throw codeTaken(code);
}

/** Replaces a promotion's name, code, rule and switch; its uses so far still count against its limits. */
export async function updatePromotion(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  write: PromotionWrite,
  actor: AuditActor,
): Promise<PromotionWire> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = isId(id)
        ? await tx
            .select()
            .from(promotions)
            .where(and(eq(promotions.id, id), isNull(promotions.deletedAt)))
            .for('update')
        : [];
      if (!before) throw new HttpError('PROMOTION_NOT_FOUND', PROMOTION_NOT_FOUND);
      if (write.code && write.code !== before.code) await refuseTakenCode(tx, write.code, id);
      await tx
        .update(promotions)
        .set({ name: write.name, code: write.code, rule: write.rule, active: write.active, updatedAt: now })
        .where(eq(promotions.id, id));
      await recordChange(tx, now, {
        actor,
        action: 'promotion.update',
        subjectType: 'promotion',
        subjectId: id,
        before: { name: before.name, code: before.code, active: before.active, rule: before.rule },
        after: { name: write.name, code: write.code, active: write.active, rule: write.rule },
        summary: () => `Changed the promotion ${describe(write)}`,
      });
      const [wire] = await readPromotions(tx, now, id);
      return wire!;
    });
  } catch (error) {
    if (write.code && isUniqueViolation(error)) throw codeTaken(write.code);
    throw error;
  }
}

/** Archives a promotion: it no longer applies and its code is free again; the orders that used it still name it. */
export async function archivePromotion(ctx: Pick<ServiceContext, 'db' | 'now'>, id: string, actor: AuditActor): Promise<DeletedAnswer> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const archived = isId(id)
      ? await tx
          .update(promotions)
          .set({ deletedAt: now, active: false })
          .where(and(eq(promotions.id, id), isNull(promotions.deletedAt)))
          .returning({ name: promotions.name, code: promotions.code })
      : [];
    const row = archived[0];
    if (!row) throw new HttpError('PROMOTION_NOT_FOUND', PROMOTION_NOT_FOUND);
    await recordAudit(tx, now, {
      actor,
      action: 'promotion.delete',
      subjectType: 'promotion',
      subjectId: id,
      summary: `Archived the promotion ${row.code ?? row.name}`,
      before: { name: row.name, code: row.code },
    });
    return { deletedCount: 1 };
  });
}
