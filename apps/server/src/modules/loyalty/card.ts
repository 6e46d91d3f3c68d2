import { LOYALTY_ENTRIES_SHOWN, type LoyaltyAnswer } from '@shop/shared/contract/loyalty';
import { stampBalance, stampCardView, stampRewardCondition, stampRewardLabel } from '@shop/shared/domain/stamp-card';
import type { ServiceContext } from '../../context';
import { readStampCard } from '../settings/public';
import { ledgerOf, rewardTitle } from './stamp-card';

/** `GET /api/loyalty`: a customer's card, its reward and latest entries; only `enabled: false` while the card is off. */
export async function readLoyalty(ctx: Pick<ServiceContext, 'db' | 'now'>, userId: string): Promise<LoyaltyAnswer> {
  const settings = await readStampCard(ctx.db);
  if (!settings) return { enabled: false, stamps: 0, needed: 0, rewardReady: false, reward: null, entries: [] };
  const ledger = await ledgerOf(ctx.db, userId, ctx.now());
  const title = await rewardTitle(ctx.db, settings.reward);
  return {
    enabled: true,
    ...stampCardView(stampBalance(ledger), settings),
    reward: {
      kind: settings.reward.kind,
      label: stampRewardLabel(settings.reward, title),
      condition: stampRewardCondition(settings.reward, title),
    },
    entries: ledger.slice(0, LOYALTY_ENTRIES_SHOWN).map((line) => ({
      entry: line.entry,
      stamps: line.stamps,
      orderId: line.orderId,
      at: line.at.toISOString(),
    })),
  };
}
