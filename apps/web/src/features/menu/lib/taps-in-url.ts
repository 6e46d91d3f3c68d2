import { createContext, use, useEffect, useEffectEvent } from 'react';
import type { PricingCatalogue } from '@shop/shared/domain/product-options';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import { cartStore } from '../../../lib/cart-store';
import type { MenuProduct } from '../../../lib/menu-types';
import { cardLine, choiceFrom } from './card-config';
import { cartDisplay } from './cart-display';

/**
 * A tap on the menu made before the app runs (docs/decisions/1104). The card's buttons and the allergen filter's submit
 * plain GET forms to `/`, so such a tap loads the category's page with the tap in its address, e.g.
 * `/?category=Pizza&size=l&crust=deep_pan&add=<id>`: Add to cart (`add`), the card's extras (`extras`), Build Deal
 * (`deal`) or the heart (`favourite`), each naming the product, with the card's choices beside it; or the allergen
 * filter (`filter=allergens`). The home route takes it out of the address and carries it out.
 */
export interface TapInUrl {
  action: TapAction;
  /** What the tap names: the product, or `allergens` for the filter. */
  id: string;
  /** The address's parameters, the card's choices among them (size, crust, type). */
  params: URLSearchParams;
}

const TAP_ACTIONS = ['add', 'extras', 'deal', 'favourite', 'filter'] as const;
export type TapAction = (typeof TAP_ACTIONS)[number];
const CHOICES = ['size', 'crust', 'type'];

/** The tap in a page's address and the address's parameters without it; null when there is none. */
export function tapInUrl(params: URLSearchParams): { tap: TapInUrl; rest: URLSearchParams } | null {
  for (const action of TAP_ACTIONS) {
    const id = params.get(action);
    if (!id) continue;
    const rest = new URLSearchParams(params);
    for (const name of [...TAP_ACTIONS, ...CHOICES]) rest.delete(name);
    return { tap: { action, id, params }, rest };
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

/**
 * The tap a part of the menu carries out itself, as it opens its own dialog (a card's Build Deal or extras, the allergen
 * filter), and how to end it.
 */
export const CardTapContext = createContext<{ tap: TapInUrl | null; taken: () => void }>({ tap: null, taken: () => {} });

/** Runs `carryOut` once when the page's address holds the tap `action` naming `id`, and ends the tap. */
export function useCardTap(action: 'deal' | 'extras' | 'filter', id: string, carryOut: (tap: TapInUrl) => void): void {
  const { tap, taken } = use(CardTapContext);
  const mine = tap !== null && tap.action === action && tap.id === id ? tap : null;
  const onTap = useEffectEvent(carryOut);
  useEffect(() => {
    if (!mine) return;
    taken();
    onTap(mine);
  }, [mine, taken]);
}
