import { createContext, use, useEffect, useEffectEvent } from 'react';
import type { PricingCatalogue } from '@shop/shared/domain/product-options';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import { cartStore } from '../../../lib/cart-store';
import type { MenuProduct } from '../../../lib/menu-types';
import { cardLine, choiceFrom } from './card-config';
import { cartDisplay } from './cart-display';

/**
 * A card's tap made before the app runs (docs/decisions/1104). The card's buttons submit plain GET forms to `/`, so such a
 * tap loads the category's page with the tap in its address, e.g. `/?category=Pizza&size=l&crust=deep_pan&add=<id>`:
 * Add to cart (`add`), the card's extras (`extras`), Build Deal (`deal`) or the heart (`favourite`), each naming the
 * product, with the card's choices beside it. The home route takes it out of the address and carries it out.
 */
export interface TapInUrl {
  action: TapAction;
  productId: string;
  /** The address's parameters, the card's choices among them (size, crust, type). */
  params: URLSearchParams;
}

const TAP_ACTIONS = ['add', 'extras', 'deal', 'favourite'] as const;
export type TapAction = (typeof TAP_ACTIONS)[number];
const CHOICES = ['size', 'crust', 'type'];

/** The tap in a page's address and the address's parameters without it; null when there is none. */
export function tapInUrl(params: URLSearchParams): { tap: TapInUrl; rest: URLSearchParams } | null {
  for (const action of TAP_ACTIONS) {
    const productId = params.get(action);
    if (!productId) continue;
    const rest = new URLSearchParams(params);
    for (const name of [...TAP_ACTIONS, ...CHOICES]) rest.delete(name);
    return { tap: { action, productId, params }, rest };
  }
  return null;
}

/** Add to cart tapped before the app ran: the line the card would add with the choices sent, and the toast. */
export function addTapToCart(tap: TapInUrl, product: MenuProduct | undefined, catalogue: PricingCatalogue): void {
  if (!product || product.soldOut) return;
  const priced = catalogue.products.get(product._id) ?? toPricedProduct(product);
  cartStore.add(
    cardLine(
      priced,
      choiceFrom(priced, (name) => tap.params.get(name)),
    ),
    cartDisplay(product),
  );
}

/** The tap a card carries out itself (Build Deal, the extras: they open the card's own dialog), and how to end it. */
export const CardTapContext = createContext<{ tap: TapInUrl | null; taken: () => void }>({ tap: null, taken: () => {} });

/** Runs `carryOut` once when the page's address holds this card's tap for `action`, and ends the tap. */
export function useCardTap(action: 'deal' | 'extras', productId: string, carryOut: (tap: TapInUrl) => void): void {
  const { tap, taken } = use(CardTapContext);
  const mine = tap !== null && tap.action === action && tap.productId === productId ? tap : null;
  const onTap = useEffectEvent(carryOut);
  useEffect(() => {
    if (!mine) return;
    taken();
    onTap(mine);
  }, [mine, taken]);
}
