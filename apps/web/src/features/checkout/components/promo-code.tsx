import { useState } from 'react';
import { MAX_PROMO_CODE_LENGTH } from '@shop/shared/contract/order-extras';
import { Button, TextField } from '../../../components/ui';
import { formatWirePounds } from '../../../lib/money';
import type { CheckoutExtrasProps } from './checkout-extras';

/**
 * The promotion code: typed and applied, then the server's quote says what it takes off (its discount line) or why it
 * does not apply, under the field. A refused code holds the payment back with the same words (payment-checks) until
 * the customer removes it or applies another.
 */
export function PromoCode({ extras, onChange, quote }: Pick<CheckoutExtrasProps, 'extras' | 'onChange' | 'quote'>) {
  const [draft, setDraft] = useState('');
  const sent = extras.promoCode;
  // The previous quote stays shown while the next loads: only an answer about this code counts.
  const outcome = sent && quote?.promo?.code === sent.trim().toUpperCase() ? quote.promo : null;
  const line = outcome?.applied
    ? quote?.discounts.find((discount) => discount.source === 'promotion' && discount.code === outcome.code)
    : undefined;
  const refusal = outcome && !outcome.applied ? (outcome.reason ?? 'This code does not apply to this order') : null;

  const apply = () => {
    const code = draft.trim();
    if (code) onChange({ promoCode: code });
  };
  const remove = () => {
    setDraft('');
    onChange({ promoCode: null });
  };

  return (
    <section aria-labelledby="promo-code-heading" className="ui-surface ui-stack">
      <h2 id="promo-code-heading" className="checkout-title">
        Promo code
      </h2>
      {sent && !refusal ? (
        <div className="ui-row is-spread">
          <p className="ui-p" data-testid="promo-applied" aria-live="polite">
            {line
              ? `${line.label}: −${formatWirePounds(line.amount)}`
              : outcome
                ? `${outcome.code} applied`
                : `Checking ${sent.trim().toUpperCase()}…`}
          </p>
          <Button onClick={remove}>Remove</Button>
        </div>
      ) : (
        <div className="ui-row">
          <TextField
            label="Promo code"
            value={draft}
            maxLength={MAX_PROMO_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            error={refusal !== null}
            helperText={refusal ? <span role="alert">{refusal}</span> : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          <Button variant="outlined" onClick={apply} disabled={!draft.trim()}>
            Apply
          </Button>
          {refusal && <Button onClick={remove}>Remove</Button>}
        </div>
      )}
    </section>
  );
}
