import type { SavedCard } from '@shop/shared/contract/payment-methods';
import { ChoiceGroup, Radio } from '../../../components/ui';
import { savedCardExpiry, savedCardLabel, useSavedCards } from '../../../lib/saved-cards';

/** The new card's choice among the saved ones. */
export const NEW_CARD = 'new';

/**
 * A signed-in customer's saved cards and what is chosen: the first saved card until they choose (a returning
 * customer pays in one step), else a new card. None for a guest, or before the list comes.
 */
export function useSavedCardChoice(signedIn: boolean, choice: string | null): { cards: SavedCard[]; chosen: SavedCard | null } {
  const saved = useSavedCards(signedIn);
  const cards = signedIn ? (saved.data ?? []) : [];
  const picked = choice ?? cards[0]?.id ?? NEW_CARD;
  return { cards, chosen: cards.find((card) => card.id === picked) ?? null };
}

interface SavedCardChoiceProps {
  cards: SavedCard[];
  /** The chosen card's id, or NEW_CARD. */
  value: string;
  onChange(value: string): void;
}

/** 'Pay with': each saved card (its brand, last four digits and expiry) or a new card. */
export function SavedCardChoice({ cards, value, onChange }: SavedCardChoiceProps) {
  if (cards.length === 0) return null;
  return (
    <ChoiceGroup legend="Pay with" role="radiogroup">
      {cards.map((card) => (
        <Radio
          key={card.id}
          name="saved-card"
          value={card.id}
          label={savedCardLabel(card)}
          note={savedCardExpiry(card)}
          checked={value === card.id}
          onChange={() => onChange(card.id)}
        />
      ))}
      <Radio name="saved-card" value={NEW_CARD} label="A new card" checked={value === NEW_CARD} onChange={() => onChange(NEW_CARD)} />
    </ChoiceGroup>
  );
}
