import { createContext, useContext } from 'react';
import type { CartLine } from '@shop/shared/contract/cart';
import { cartStore, type CartDisplay } from '../../../lib/cart-store';

/** Where a card's or the deal builder's Add puts its line. */
export type AddLine = (line: CartLine, display: CartDisplay) => void;

/**
 * The basket the menu adds to: the customer's cart unless a screen gives another, as the back office's New order
 * gives the staff's own basket (kept apart from the cart in this browser's storage).
 */
export const AddTargetContext = createContext<AddLine | null>(null);

/** The add of the nearest AddTargetContext, or the cart store's. */
export function useAddLine(): AddLine {
  return useContext(AddTargetContext) ?? cartStore.add;
}
