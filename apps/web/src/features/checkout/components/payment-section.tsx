import { useId } from 'react';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { TraderNotice } from '../../../components/trader-details';
import { Button, ChoiceGroup, Radio } from '../../../components/ui';
import type { PaymentChoice } from '../lib/payment-checks';
import type { CardFormProps } from './card-form-props';
import { describedBy, PayBlockedReason } from './pay-blocked-reason';
import { CardPayment } from './card-payment';

/** What checkout says when the shop takes no card payments. */
export const CASH_ONLY_TEXT = 'This shop takes cash on delivery only.';

interface PaymentSectionProps {
  paymentType: PaymentChoice;
  onPaymentType(type: PaymentChoice): void;
  /** The shop takes cash only: no card choice. */
  cashOnly: boolean;
  fulfilment: Fulfilment;
  /** The shop's Stripe key for Stripe's card form; null for the test provider's form; undefined while it loads. */
  stripeKey: string | null | undefined;
  /** '£36.18', on the button. */
  amountLabel: string;
  /** Why Pay or Place order is off (checkPayment's reason); null while it is on. */
  reason: string | null;
  /** The card forms' part: the checks and the payment (CardFormProps less what this section gives). */
  card: Omit<CardFormProps, 'amountLabel' | 'reason' | 'reasonId'>;
  /** Place order (cash): the page's checks, then its confirm step. */
  onPlaceCash(): void;
  /** The checkout's terms, under the button. */
  terms: string;
}

/** The payment: card or cash, the card form or Place order with why it is off beside it, the trader and the terms. */
export function PaymentSection({
  paymentType,
  onPaymentType,
  cashOnly,
  fulfilment,
  stripeKey,
  amountLabel,
  reason,
  card,
  onPlaceCash,
  terms,
}: PaymentSectionProps) {
  const reasonId = useId();
  const cardProps: CardFormProps = { ...card, amountLabel, reason, reasonId };
  return (
    <section aria-label="Payment" className="ui-surface ui-stack">
      <div>
        <ChoiceGroup legend="Payment" row role="radiogroup" className="checkout-choices">
          {!cashOnly && (
            <Radio
              name="payment-type"
              value="Card"
              label="Card"
              checked={paymentType === 'Card'}
              onChange={(event) => onPaymentType(event.target.value as PaymentChoice)}
            />
          )}
          <Radio
            name="payment-type"
            value="Cash"
            label={paymentTypeLabel('Cash', fulfilment)}
            checked={paymentType === 'Cash'}
            onChange={(event) => onPaymentType(event.target.value as PaymentChoice)}
          />
        </ChoiceGroup>
        {cashOnly && <p className="ui-p ui-body2 ui-muted">{CASH_ONLY_TEXT}</p>}
      </div>

      {paymentType === 'Card' && <CardPayment {...cardProps} stripeKey={stripeKey} />}

      {paymentType === 'Cash' && (
        <div className="checkout-place-order">
          <Button
            variant="contained"
            size="large"
            disabled={reason !== null}
            aria-describedby={describedBy(reasonId, reason)}
            onClick={onPlaceCash}
          >
            Place order {amountLabel}
          </Button>
          <PayBlockedReason id={reasonId} reason={reason} />
        </div>
      )}

      {/* Who the customer contracts with, before they pay (decision 1002). */}
      <TraderNotice />
      <p className="ui-p ui-body2 ui-muted">{terms}</p>
    </section>
  );
}
