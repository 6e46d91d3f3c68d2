import { useState, type FormEvent } from 'react';
import type { TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import { TEST_WALLET } from '@shop/shared/contract/payment-methods';
import { Alert, Button, Checkbox, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { savedCardLabel } from '../../../lib/saved-cards';
import { confirmTestPayment } from '../api/checkout-api';
import type { CardFormProps, StartPaymentOptions } from './card-form-props';
import { describedBy, PayBlockedReason } from './pay-blocked-reason';
import { NEW_CARD, SavedCardChoice, useSavedCardChoice } from './saved-card-choice';

function groupCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The card form of the offline test provider (no Stripe keys): it takes Stripe's test card numbers and
 * answers as Stripe's test mode would. Clearly labelled, so nobody types a real card here. Above it the test wallet,
 * standing in for Apple Pay and Google Pay through the same confirm; for a signed-in customer their saved cards (the
 * CVC asked again when the card asks for it) and 'Save this card for next time'.
 */
export function TestCardForm({ amountLabel, email, reason, reasonId, startPayment, onPaid, onError, signedIn = false }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const { cards, chosen } = useSavedCardChoice(signedIn, choice);
  const [busy, setBusy] = useState<'card' | 'wallet' | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Opens the payment, then confirms it the chosen way; the provider's message when it is refused. */
  const run = async (
    way: 'card' | 'wallet',
    confirm: (clientSecret: string) => Promise<TestPaymentConfirmAnswer>,
    options: StartPaymentOptions = {},
  ) => {
    setError(null);
    setBusy(way);
    try {
      const intent = await startPayment(options);
      if (!intent) return;
      const answer = await confirm(intent.clientSecret);
      onPaid(answer.orderId);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'The payment could not be completed. Try again.';
      setError(message);
      onError(message);
    } finally {
      setBusy(null);
    }
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) {
      void run('card', (clientSecret) => confirmTestPayment({ clientSecret, paymentMethodId: chosen.id, ...(cvc ? { cvc } : {}) }));
      return;
    }
    const keep = signedIn && saveCard;
    void run('card', (clientSecret) => confirmTestPayment({ clientSecret, cardNumber, exp, cvc, ...(keep ? { saveCard: true } : {}) }), {
      saveCard: keep,
    });
  };

  const payWithWallet = () => void run('wallet', (clientSecret) => confirmTestPayment({ clientSecret, wallet: TEST_WALLET }));

  return (
    <form onSubmit={pay} aria-label="Card payment" className="checkout-card-form">
      {/* The alert's look without its icon: the chip says what this is. */}
      <div role="alert" className="ui-alert is-info">
        <div className="ui-alert-message">
          <span className="ui-chip is-warning checkout-test-chip">Test mode</span>
          No real card is charged. Use Stripe&apos;s test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000
          0000 9995 has insufficient funds. Any future expiry date and any 3-digit CVC. Saved, 4000 0027 6000 3184 asks for its CVC each
          time.{email && ` Billing email: ${email}.`}
        </div>
      </div>
      {/* Where Apple Pay and Google Pay are with Stripe: the same payment, held until the shop accepts. */}
      <Button
        variant="outlined"
        size="large"
        onClick={payWithWallet}
        disabled={reason !== null || busy === 'card'}
        loading={busy === 'wallet'}
        aria-describedby={describedBy(reasonId, reason)}
      >
        Pay with test wallet
      </Button>
      <SavedCardChoice
        cards={cards}
        value={chosen?.id ?? NEW_CARD}
        onChange={(value) => {
          setChoice(value);
          setCvc('');
        }}
      />
      {chosen ? (
        chosen.needsCvc && (
          <TextField
            label={`CVC of ${savedCardLabel(chosen)}`}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
            required
            autoComplete="cc-csc"
            inputMode="numeric"
          />
        )
      ) : (
        <>
          <TextField
            label="Card number"
            value={cardNumber}
            onChange={(event) => setCardNumber(groupCardNumber(event.target.value))}
            required
            autoComplete="cc-number"
            inputMode="numeric"
          />
          <div className="checkout-card-pair">
            <TextField
              label="Expiry (MM/YY)"
              value={exp}
              onChange={(event) => setExp(formatExpiry(event.target.value))}
              required
              autoComplete="cc-exp"
              inputMode="numeric"
            />
            <TextField
              label="CVC"
              value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
              required
              autoComplete="cc-csc"
              inputMode="numeric"
            />
          </div>
          {signedIn && (
            <Checkbox label="Save this card for next time" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} />
          )}
        </>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={reason !== null || busy === 'wallet'}
        loading={busy === 'card'}
        aria-describedby={describedBy(reasonId, reason)}
      >
        Pay {amountLabel}
      </Button>
      <PayBlockedReason id={reasonId} reason={reason} />
    </form>
  );
}
