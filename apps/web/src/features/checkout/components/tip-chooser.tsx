import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_TIP_POUNDS } from '@shop/shared/contract/order-extras';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { formatPounds, penceToPounds, poundsToPence } from '@shop/shared/domain/money';
import { TIP_PRESETS, TIP_PROMISE } from '@shop/shared/domain/tips';
import { ChoiceGroup, Radio, TextField } from '../../../components/ui';
import { paths } from '../../../lib/paths';

type TipChoice = `preset-${number}` | 'other' | 'none';

interface TipChooserProps {
  /** Pounds; null while the customer has chosen nothing. */
  tip: number | null;
  onTip(tip: number | null): void;
  fulfilment: Fulfilment;
}

const OTHER_MESSAGE = `Enter an amount in pounds, up to ${formatPounds(MAX_TIP_POUNDS * 100)}`;

/** The choice a tip already in the draft stands for (a preset, or another amount); nothing for none chosen. */
function choiceOf(tip: number | null): TipChoice | null {
  if (tip === null) return null;
  if (tip === 0) return 'none';
  const pence = poundsToPence(tip);
  return pence !== null && TIP_PRESETS.includes(pence) ? `preset-${pence}` : 'other';
}

/**
 * A tip for the driver (decision 1602), a delivery's only: £1, £2, £3, another amount, or no tip. Nothing is chosen
 * at first. For a collection it is not shown and checkout sends no tip (payment-screen's chosenExtras); the choice is
 * kept for if the customer goes back to delivery. All of it goes to the driver, as the linked policy says.
 */
export function TipChooser({ tip, onTip, fulfilment }: TipChooserProps) {
  const [choice, setChoice] = useState<TipChoice | null>(() => choiceOf(tip));
  const [other, setOther] = useState(() => (choiceOf(tip) === 'other' && tip !== null ? tip.toFixed(2) : ''));
  const [otherError, setOtherError] = useState<string | null>(null);

  if (fulfilment !== 'delivery') return null;

  function choose(next: TipChoice) {
    setChoice(next);
    setOtherError(null);
    if (next === 'none') onTip(0);
    else if (next === 'other') typeOther(other);
    else onTip(penceToPounds(Number(next.slice('preset-'.length))));
  }

  function typeOther(text: string) {
    setOther(text);
    if (text.trim() === '') {
      setOtherError(null);
      onTip(null);
      return;
    }
    const pence = poundsToPence(text.replace(/^£/, ''));
    if (pence === null || pence > MAX_TIP_POUNDS * 100) {
      setOtherError(OTHER_MESSAGE);
      onTip(null);
      return;
    }
    setOtherError(null);
    onTip(penceToPounds(pence));
  }

  return (
    <section aria-labelledby="tip-heading" className="ui-surface ui-stack checkout-tip">
      <h2 id="tip-heading" className="checkout-title">
        Tip your driver
      </h2>
      <p className="ui-p ui-body2 ui-muted">
        {TIP_PROMISE}.{' '}
        <Link className="text-link" to={paths.tippingPolicy} target="_blank" rel="noopener">
          Our tipping policy
        </Link>
      </p>
      <ChoiceGroup legend="Tip" row role="radiogroup" className="checkout-choices">
        {TIP_PRESETS.map((pence) => (
          <Radio
            key={pence}
            name="tip"
            value={`preset-${pence}`}
            label={formatPounds(pence)}
            checked={choice === `preset-${pence}`}
            onChange={() => choose(`preset-${pence}`)}
          />
        ))}
        <Radio name="tip" value="other" label="Other" checked={choice === 'other'} onChange={() => choose('other')} />
        <Radio name="tip" value="none" label="No tip" checked={choice === 'none'} onChange={() => choose('none')} />
      </ChoiceGroup>
      {choice === 'other' && (
        <TextField
          label="Tip amount (£)"
          value={other}
          onChange={(event) => typeOther(event.target.value)}
          error={Boolean(otherError)}
          helperText={otherError ?? `Up to ${formatPounds(MAX_TIP_POUNDS * 100)}`}
          inputMode="decimal"
          maxLength={8}
          autoFocus
        />
      )}
    </section>
  );
}
