import { ADD_ADDRESS_CARD, ADD_ADDRESS_PLACING, MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { minimumOrderMessage } from '@shop/shared/domain/minimum-order';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
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
  /** The server's quote of those lines (pounds, as the wire carries them); undefined until it has answered. */
  quote:
    | { meetsMinimum: boolean; minimumOrder?: number; total?: number; promo?: { applied: boolean; reason: string | null } | null }
    | undefined;
  /** Why the quote failed (quoteErrorText), when it did. */
  quoteError: string | null;
  /** The address chosen (chosenAddressId). */
  addressId: string | null;
  /** The saved addresses are still loading: no address is chosen yet, and none is missing either. */
  addressesLoading?: boolean;
  /** Whether the shop delivers to the chosen address (its delivery check); while unknown it is no reason to refuse. */
  delivery?: { delivers: boolean; message: string | null } | undefined;
  /** Whether the shop takes orders now; while unknown it is no reason to refuse (the server checks again). */
  opening: { acceptingOrders: boolean; message: string } | undefined;
  payment: PaymentChoice;
  /** A collection order (decision 1003) needs no address. */
  collection?: boolean;
  /**
   * A guest's order (decision 1502): whether their name, e-mail and phone, and (for a delivery) the typed address, are
   * complete; a guest has no saved address, so `addressId` is not asked for.
   */
  guest?: { contactComplete: boolean; addressComplete: boolean };
}

/**
 * Either the address the order may go to (null for a collection), or what stops it: `problem`, the warning a tap
 * shows (the spec's words), and `reason`, the sentence that stands beside the disabled Pay or Place order button.
 */
export type PaymentCheck = { ok: true; addressId: string | null } | { ok: false; problem: string; reason: string };

/** Beside the button while the server prices the cart. */
export const CHECKING_PRICES = 'Checking the prices…';
/** Beside the button while the saved addresses load. */
export const LOADING_ADDRESSES = 'Loading your addresses…';
/** Beside the button when there is no address to deliver to. */
export const NO_ADDRESS_REASON = 'Add a delivery address above to order.';
/** Beside the button while a guest's name, e-mail or phone is missing or mistyped. */
export const GUEST_DETAILS_REASON = 'Fill in your name, e-mail and phone above to order.';
/** The warning a tap on Pay or Place order shows then. */
export const GUEST_DETAILS_PROBLEM = 'Please fill in your name, e-mail and phone';
/** Beside the button while a guest's delivery address is missing or mistyped. */
export const GUEST_ADDRESS_REASON = 'Fill in your delivery address above to order.';
/** The warning a tap on Pay or Place order shows then. */
export const GUEST_ADDRESS_PROBLEM = 'Please fill in your delivery address';
/** Beside the button when the shop does not deliver to the address and has no words of its own. */
export const NOT_DELIVERED_REASON = 'We do not deliver to this address. Choose another, or collect your order.';

/** 'Add £4.02 more to reach the £10.00 minimum order.' (pounds in, as the quote carries them); null when unknown. */
export function minimumShortfallText(quote: { minimumOrder?: number; total?: number }): string | null {
  const minimum = quote.minimumOrder === undefined ? null : poundsToPence(quote.minimumOrder);
  const total = quote.total === undefined ? null : poundsToPence(quote.total);
  if (minimum === null || total === null || total >= minimum) return null;
  return `Add ${formatPounds(minimum - total)} more to reach the ${formatPounds(minimum)} minimum order.`;
}

/**
 * The checks of SPEC.md section 5 before card pay and before the cash confirm step, in the order a customer can fix
 * them. The minimum order comes first ('Minimum order amount is £10.00', or why the prices could not be checked),
 * then a promotion code that does not apply (its reason), then the address ('Add your address' for a card, 'Please
 * add your address' when placing a cash order), then whether the shop delivers there (the delivery check's words), then the opening hours (the shop's own message).
 * A guest's name, e-mail and phone come before the address, as the page asks them; their address is the typed one.
 */
export function checkPayment(input: PaymentCheckInput): PaymentCheck {
  if (input.lineCount === 0 || !input.quote || !input.quote.meetsMinimum) {
    const minimum =
      input.quote?.minimumOrder === undefined ? MINIMUM_ORDER : minimumOrderMessage(Math.round(input.quote.minimumOrder * 100));
    const problem = input.quoteError ?? minimum;
    const reason = input.quoteError ?? (input.quote ? (minimumShortfallText(input.quote) ?? minimum) : CHECKING_PRICES);
    return { ok: false, problem, reason };
  }
  // A code that does not apply would refuse the order in the same words: remove it or apply another first.
  if (input.quote.promo && !input.quote.promo.applied) {
    const words = input.quote.promo.reason ?? 'This code does not apply to this order';
    return { ok: false, problem: words, reason: words };
  }
  if (input.guest && !input.guest.contactComplete) return { ok: false, problem: GUEST_DETAILS_PROBLEM, reason: GUEST_DETAILS_REASON };
  if (input.guest && !input.collection && !input.guest.addressComplete)
    return { ok: false, problem: GUEST_ADDRESS_PROBLEM, reason: GUEST_ADDRESS_REASON };
  if (!input.guest && input.addressId === null && !input.collection) {
    const problem = input.payment === 'Card' ? ADD_ADDRESS_CARD : ADD_ADDRESS_PLACING;
    return { ok: false, problem, reason: input.addressesLoading ? LOADING_ADDRESSES : NO_ADDRESS_REASON };
  }
  if (!input.collection && input.delivery?.delivers === false) {
    const words = input.delivery.message ?? NOT_DELIVERED_REASON;
    return { ok: false, problem: words, reason: words };
  }
  if (input.opening && !input.opening.acceptingOrders) return { ok: false, problem: input.opening.message, reason: input.opening.message };
  return { ok: true, addressId: input.collection || input.guest ? null : input.addressId };
}
