import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { CheckoutExtrasDraft } from '../../../lib/use-cart-quote';
import { PromoCode } from './promo-code';
import { StampReward } from './stamp-reward';
import { TipChooser } from './tip-chooser';

export interface CheckoutExtrasProps {
  extras: CheckoutExtrasDraft;
  onChange: (change: Partial<CheckoutExtrasDraft>) => void;
  fulfilment: Fulfilment;
  /** A signed-in customer (a stamp card and saved cards are an account's); false for a guest. */
  signedIn: boolean;
  /** The server's quote with the extras applied: the discount lines, why a code does not apply. */
  quote: CartQuoteAnswer | undefined;
}

/**
 * What checkout adds before paying, each part its own component: a promotion code, the stamp card's reward (a
 * signed-in customer's), a tip for the driver (a delivery's). The server prices them with the cart (the quote).
 */
export function CheckoutExtras(props: CheckoutExtrasProps) {
  return (
    <>
      <PromoCode {...props} />
      {props.signedIn && <StampReward {...props} />}
      <TipChooser tip={props.extras.tip} onTip={(tip) => props.onChange({ tip })} fulfilment={props.fulfilment} />
    </>
  );
}
