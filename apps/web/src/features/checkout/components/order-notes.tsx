import { MAX_ALLERGY_NOTE_LENGTH, MAX_NOTE_LENGTH } from '@shop/shared/contract/orders';
import { TextAreaField } from '../../../components/ui';
import { ALLERGY_QUESTION } from '../lib/collection';

interface OrderNotesProps {
  note: string;
  onNote(note: string): void;
  allergyNote: string;
  onAllergyNote(note: string): void;
}

/**
 * The note and the allergy question, a section of their own before the payment: they are about the food and its
 * delivery, whatever the customer pays with.
 */
export function OrderNotes({ note, onNote, allergyNote, onAllergyNote }: OrderNotesProps) {
  return (
    <section aria-labelledby="order-notes-heading" className="ui-surface ui-stack">
      <h2 id="order-notes-heading" className="checkout-title">
        Requests and allergies
      </h2>
      <TextAreaField
        label="Note"
        placeholder="Anything the kitchen or the driver should know"
        value={note}
        onChange={(event) => onNote(event.target.value)}
        rows={2}
        maxLength={MAX_NOTE_LENGTH}
      />
      <TextAreaField
        label={ALLERGY_QUESTION}
        placeholder="For example: peanut allergy, coeliac"
        helperText="The kitchen sees this on your order. Allergens are listed with each dish."
        value={allergyNote}
        onChange={(event) => onAllergyNote(event.target.value)}
        rows={2}
        maxLength={MAX_ALLERGY_NOTE_LENGTH}
      />
    </section>
  );
}
