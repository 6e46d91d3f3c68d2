import { ADD_ADDRESS_CARD, ADD_ADDRESS_PLACING, MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { minimumOrderMessage } from '@shop/shared/domain/minimum-order';
import type { PaymentType } from '@shop/shared/domain/payment-types';
import { ApiError } from '../../../lib/api';

export type PaymentChoice = PaymentType;

/**
 * The address the order goes to: the one the customer picked while it is still saved, else the first saved one
 * (so a deleted choice falls back to it); none while the addresses load or when there are none.
 */
export function chosenAddressId(savedIds: readonly string[] | undefined, picked: string | null): string | null {
  if (picked !== null && savedIds?.includes(picked)) return picked;
  return savedIds?.[0] ?? null;
}

/** What the page says when the server could not quote the cart: its message, or a general one; null when it did. */
export function quoteErrorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError ? error.message : 'The prices could not be loaded. Try again.';
}

export interface PaymentCheckInput {
  /** How many lines the cart holds. */
  lineCount: number;
  /** The server's quote of those lines; undefined until it has answered. */
  quote: { meetsMinimum: boolean; minimumOrder?: number } | undefined;
  /** Why the quote failed (quoteErrorText), when it did. */
  quoteError: string | null;
  /** The address chosen (chosenAddressId). */
  addressId: string | null;
  /** Whether the shop takes orders now; while unknown it is no reason to refuse (the server checks again). */
  opening: { acceptingOrders: boolean; message: string } | undefined;
  payment: PaymentChoice;
  /** A collection order (decision 1003) needs no address. */
  collection?: boolean;
}

/** Either the address the order may go to (null for a collection), or the warning that says what is missing. */
export type PaymentCheck = { ok: true; addressId: string | null } | { ok: false; problem: string };

/**
 * The checks of SPEC.md section 5 before card pay and before the cash confirm step, in the order a customer can fix
 * them. The minimum order comes first ('Minimum order amount is £10.00', or why the prices could not be checked),
 * then the address ('Add your address' for a card, 'Please add your address' when placing a cash order), then the
 * opening hours (the shop's own message).
 */
export function checkPayment(input: PaymentCheckInput): PaymentCheck {
  if (input.lineCount === 0 || !input.quote || !input.quote.meetsMinimum) {
    const minimum =
      input.quote?.minimumOrder === undefined ? MINIMUM_ORDER : minimumOrderMessage(Math.round(input.quote.minimumOrder * 100));
    return { ok: false, problem: input.quoteError ?? minimum };
  }
  if (input.addressId === null && !input.collection)
    return { ok: false, problem: input.payment === 'Card' ? ADD_ADDRESS_CARD : ADD_ADDRESS_PLACING };
  if (input.opening && !input.opening.acceptingOrders) return { ok: false, problem: input.opening.message };
  return { ok: true, addressId: input.collection ? null : input.addressId };
}
