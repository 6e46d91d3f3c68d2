import { useEffect } from 'react';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
import { StampCard } from '../../../components/stamp-card';
import { Checkbox } from '../../../components/ui';
import { useLoyalty } from '../../../lib/loyalty';
import type { CheckoutExtrasProps } from './checkout-extras';

/**
 * The signed-in customer's stamp card at checkout, while the shop runs one: the stamps collected and, with a full
 * card, 'Use my reward', which asks the quote (and then the order) for the reward's line. The server decides the
 * line; a free item not in the basket is said here before the order would be refused.
 */
export function StampReward({ extras, onChange, quote }: Pick<CheckoutExtrasProps, 'extras' | 'onChange' | 'quote'>) {
  const loyalty = useLoyalty(true);
  const card = loyalty.data;
  const ready = Boolean(card?.enabled && card.rewardReady);
  // A reward no longer there (spent on another order meanwhile) is not asked for.
  useEffect(() => {
    if (card && !ready && extras.redeemStamps) onChange({ redeemStamps: false });
  }, [card, ready, extras.redeemStamps, onChange]);
  if (!card?.enabled || !card.reward) return null;
  const line = quote?.discounts.find((discount) => discount.source === 'stamp-card');
  return (
    <section aria-labelledby="stamp-reward-heading" className="ui-surface ui-stack">
      <h2 id="stamp-reward-heading" className="checkout-title">
        Stamp card
      </h2>
      <StampCard card={card} />
      {ready && (
        <Checkbox
          label="Use my reward"
          note={card.reward.label.replace(/^Stamp card: /, '')}
          checked={extras.redeemStamps}
          onChange={(event) => onChange({ redeemStamps: event.target.checked })}
        />
      )}
      {ready && extras.redeemStamps && quote && (
        <p className={line ? 'ui-p' : 'ui-p ui-error-text'} role="status">
          {line
            ? `${line.label}: -${formatPounds(poundsToPence(line.amount) ?? 0)}`
            : (card.reward.condition ?? 'Your reward cannot be used on this order')}
        </p>
      )}
    </section>
  );
}
