import type { LoyaltyAnswer } from '@shop/shared/contract/loyalty';

/** '3 of 8 stamps'. */
export function stampsText(card: Pick<LoyaltyAnswer, 'stamps' | 'needed'>): string {
  return `${card.stamps} of ${card.needed} stamp${card.needed === 1 ? '' : 's'}`;
}

/**
 * The stamp card as the customer sees it in the profile and at checkout: a stamp per completed order, the count in
 * words, and the reward (ready, or how far off).
 */
export function StampCard({ card }: { card: LoyaltyAnswer }) {
  if (!card.enabled || !card.reward) return null;
  const reward = card.reward.label.replace(/^Stamp card: /, '');
  return (
    <div className="stamp-card">
      <div className="stamp-card-dots" aria-hidden="true">
        {Array.from({ length: card.needed }, (_, index) => (
          <span key={index} className={index < card.stamps ? 'stamp-card-dot is-stamped' : 'stamp-card-dot'} />
        ))}
      </div>
      <p className="stamp-card-count">{stampsText(card)}</p>
      <p className="stamp-card-reward ui-muted">
        {card.rewardReady ? `Your reward is ready: ${reward}` : `${card.needed} stamps give you ${reward}`}
      </p>
    </div>
  );
}
