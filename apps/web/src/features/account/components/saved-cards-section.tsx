import { useState } from 'react';
import type { SavedCard } from '@shop/shared/contract/payment-methods';
import { Alert, Button, ConfirmDialog } from '../../../components/ui';
import { savedCardExpiry, savedCardLabel, useRemoveSavedCard, useSavedCards } from '../../../lib/saved-cards';

/**
 * 'Saved cards' on the profile: the cards kept when paying ('Save this card for next time'), each with Remove (asked
 * first). The payment provider keeps them; the shop shows their brand, last four digits and expiry. Nothing shows
 * while the customer has none.
 */
export function SavedCardsSection() {
  const cards = useSavedCards(true);
  const remove = useRemoveSavedCard();
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const list = cards.data ?? [];
  if (list.length === 0 && !remove.isError) return null;

  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
  };

  return (
    <section aria-labelledby="saved-cards-title" className="my-data">
      <h2 id="saved-cards-title" className="my-data-title">
        Saved cards
      </h2>
      {remove.isError && <Alert severity="error">{remove.error.message}</Alert>}
      <ul className="saved-cards">
        {list.map((card) => (
          <li key={card.id} className="saved-card">
            <span>
              {savedCardLabel(card)} <span className="ui-muted">{savedCardExpiry(card)}</span>
            </span>
            <Button variant="outlined" danger onClick={() => setRemoving(card)} aria-label={`Remove ${savedCardLabel(card)}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        question="Remove this card?"
        detail={removing ? `${savedCardLabel(removing)} will no longer be offered when you pay.` : undefined}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
