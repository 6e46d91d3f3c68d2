import type { LoyaltyEntryWire } from '@shop/shared/contract/loyalty';
import { shopDateTime } from '@shop/shared/domain/dates';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { StampCard } from '../../../components/stamp-card';
import { useLoyalty } from '../../../lib/loyalty';
import { useSession } from '../../../lib/use-session';

const ENTRY_WORDS: Record<LoyaltyEntryWire['entry'], string> = {
  earned: 'Stamp earned',
  reversed: 'Stamp taken back: the order was canceled or refunded',
  redeemed: 'Reward spent',
  restored: 'Stamps given back: the order was canceled',
};

/** '18/11/2026 · Order 3a2f0c · Stamp earned (+1)'. */
function entryLine(entry: LoyaltyEntryWire): string {
  const parts = [shopDateTime(new Date(entry.at)).date];
  if (entry.orderId) parts.push(`Order ${displayOrderId(entry.orderId)}`);
  parts.push(`${ENTRY_WORDS[entry.entry]} (${entry.stamps > 0 ? '+' : ''}${entry.stamps})`);
  return parts.join(' · ');
}

/** 'Stamp card' on the profile, while the shop runs one: the stamps collected, the reward and the latest entries. */
export function StampCardSection() {
  const { user } = useSession();
  const loyalty = useLoyalty(Boolean(user));
  if (!loyalty.data?.enabled) return null;
  const { entries } = loyalty.data;
  return (
    <section aria-labelledby="stamp-card-title" className="my-data">
      <h2 id="stamp-card-title" className="my-data-title">
        Stamp card
      </h2>
      <p className="ui-p ui-muted my-data-text">Each completed order earns a stamp. Spend a full card at checkout.</p>
      <StampCard card={loyalty.data} />
      {entries.length > 0 && (
        <ul className="stamp-card-entries" aria-label="Latest stamps">
          {entries.map((entry) => (
            <li key={`${entry.orderId ?? ''} ${entry.entry} ${entry.at}`}>{entryLine(entry)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
