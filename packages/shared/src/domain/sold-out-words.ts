/**
 * Sold out as the storefront says it (issue 21 point 4; the rules are in sold-out.ts): the words on a card, a choice
 * and a cart line, and the refusal. Apart from sold-out.ts, whose clock rules the storefront's first load does not need.
 */

/** As products and ingredients carry it on the wire: `soldOutUntil` is null while on sale and when until turned back on. */
export type SoldOutState = { soldOut: boolean; soldOutUntil: string | null };

/** The words the storefront shows on a card, a choice and a cart line. */
export const SOLD_OUT_LABEL = 'Sold out';

/**
 * The refusal of a quote or an order with a sold-out item: '"Pepperoni" is sold out today' while it is back by
 * itself, '"Pepperoni" is sold out' when it waits to be turned back on.
 */
export function soldOutMessage(name: string, state: Pick<SoldOutState, 'soldOutUntil'>): string {
  return state.soldOutUntil === null ? `"${name}" is sold out` : `"${name}" is sold out today`;
}
