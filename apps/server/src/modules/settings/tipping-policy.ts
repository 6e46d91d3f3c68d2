/**
 * The shop's written tipping policy (decision 1602): the owner's text in shop_settings.tipping_policy, or the
 * domain's default (all tips to the driver in full) until they write one. Its date is the audit log's: the last
 * time the owner changed it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { TippingPolicyAnswer } from '@shop/shared/contract/tips';
import { DEFAULT_TIPPING_POLICY } from '@shop/shared/domain/tips';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { auditLog, shopSettings } from '../../db/schema';
import { recordChange, type AuditActor } from '../audit/public';
import { saveRow, SETTINGS_ROW } from './service';

const ACTION = 'tipping-policy.update';

export async function readTippingPolicy(db: Db): Promise<TippingPolicyAnswer> {
  const row = (
    await db
      .select({ policy: shopSettings.tippingPolicy, updatedAt: shopSettings.updatedAt })
      .from(shopSettings)
      .where(eq(shopSettings.id, SETTINGS_ROW))
      .limit(1)
  )[0];
  if (!row?.policy) return { policy: DEFAULT_TIPPING_POLICY, updatedAt: null };
  const saved = (
    await db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.action, ACTION), eq(auditLog.subjectType, 'settings')))
      .orderBy(desc(auditLog.at))
      .limit(1)
  )[0];
  return { policy: row.policy, updatedAt: (saved?.at ?? row.updatedAt)?.toISOString() ?? null };
}

/** `PUT /api/tipping-policy`: saves the owner's text, with the change in the audit log (nothing when unchanged). */
export async function updateTippingPolicy(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  policy: string,
  actor: AuditActor,
): Promise<TippingPolicyAnswer> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await readTippingPolicy(tx);
    await saveRow(tx, now, { tippingPolicy: policy });
    await recordChange(tx, now, {
      actor,
      action: ACTION,
      subjectType: 'settings',
      summary: () => 'Changed the tipping policy',
      before: { policy: before.policy },
      after: { policy },
    });
  });
  return readTippingPolicy(ctx.db);
}
