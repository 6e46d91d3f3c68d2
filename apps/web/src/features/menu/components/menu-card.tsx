import { lazy, Suspense, useState, type ReactNode } from 'react';
import { combineKnownAllergens, lineAllergens } from '@shop/shared/domain/allergens';
import { formatPounds } from '@shop/shared/domain/money';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { priceLine } from '@shop/shared/domain/pricing';
import type { PricedProduct, PricingCatalogue } from '@shop/shared/domain/product-options';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import { cartStore } from '../../../lib/cart-store';
import type { MenuProduct } from '../../../lib/menu-types';
import { addOnText } from '../lib/add-on-text';
import {
  cardLine,
  crustOptions,
  extrasLabel,
  initialChoice,
  sizeOptions,
  typeOptions,
  withSize,
  type CardChoice,
} from '../lib/card-config';
import { cartDisplay } from '../lib/cart-display';
import { soldOutIds, withoutSoldOut } from '../lib/sold-out';
import { useMenuCatalogue } from '../../../lib/menu-catalogue';
import { OptionGroup } from './option-group';
import { ProductCard } from './product-card';

// Opened on a click only, so its code (dialog, checkboxes) stays out of the menu's download.
const ExtrasDialog = lazy(() => import('./extras-dialog').then((m) => ({ default: m.ExtrasDialog })));

interface MenuCardProps {
  product: MenuProduct;
  eager?: boolean;
  /** The favourite heart (or a Remove button), over the image. */
  corner?: ReactNode;
  /** Under the allergens, e.g. the allergen filter's mark. */
  note?: ReactNode;
}

function unitPrice(product: PricedProduct, choice: CardChoice, catalogue: PricingCatalogue): number | null {
  try {
    return priceLine(cardLine(product, choice), catalogue).unitPrice;
  } catch {
    // Toppings not loaded yet, or the product is not for sale: no price rather than a wrong one.
    return null;
  }
}

/**
 * A menu card with the spec's options (SPEC.md section 2): the priced sizes, crust for Pizza with stuffed crust,
 * wing pieces and type, toppings / flavours / dips, the price of what is chosen, and Add to cart. A sold-out product
 * says so and cannot be added; a topping that sells out is taken out of the choice.
 */
export function MenuCard({ product, eager = false, corner, note }: MenuCardProps) {
  const { catalogue, toppings } = useMenuCatalogue();
  const priced = catalogue.products.get(product._id) ?? toPricedProduct(product);
  const soldOutToppings = soldOutIds(toppings);
  const [chosen, setChoice] = useState<CardChoice>(() => initialChoice(priced));
  const choice = withoutSoldOut(chosen, soldOutToppings);
  const [extrasOpen, setExtrasOpen] = useState(false);
  const [extrasMounted, setExtrasMounted] = useState(false);

  const sizes = sizeOptions(priced);
  const crusts = crustOptions(priced, choice.size);
  const types = typeOptions(priced);
  const extras = extrasLabel(priced);
  const price = unitPrice(priced, choice, catalogue);
  // What is chosen, as it changes: the product's own plus its toppings', dips', flavours' and a stuffed crust's.
  // (The wire's own list too, for the moment before the catalogue has this product.) Null when some part's are not
  // recorded: the card says to ask the shop (decision 1004).
  const allergens = combineKnownAllergens(product.allergens, lineAllergens(cardLine(priced, choice), catalogue));
  const chosenToppings = choice.toppingIds
    .map((id) => catalogue.toppings.get(id)?.name)
    .filter(Boolean)
    .join(', ');

  // The store's action, not useCart(): a card only adds, so it need not re-render whenever the cart changes. With
  // useCart() every card on the page redrew on each Add to cart (about 1 s at 4x CPU, decision 1103).
  const addToCart = () => {
    if (product.soldOut) return;
    cartStore.add(cardLine(priced, choice), cartDisplay(product));
  };
  const openExtras = () => {
    setExtrasMounted(true);
    setExtrasOpen(true);
  };

  return (
    <ProductCard
      product={product}
      eager={eager}
      corner={corner}
      allergens={allergens}
      note={note}
      price={price !== null ? formatPounds(price) : '…'}
      footer={
        product.soldOut ? (
          <button type="button" className="card-button is-contained" disabled>
            {SOLD_OUT_LABEL}
          </button>
        ) : (
          <button type="button" className="card-button is-contained" onClick={addToCart} disabled={price === null}>
            Add to cart
          </button>
        )
      }
    >
      {sizes.length > 0 && (
        <OptionGroup
          label="Size"
          options={sizes.map((option) => ({ value: option.size, label: option.label }))}
          value={choice.size}
          onChange={(size) => setChoice((current) => withSize(priced, current, size))}
        />
      )}
      {crusts.length > 0 && (
        <OptionGroup
          label="Crust"
          layout="list"
          options={crusts.map((option) => ({
            value: option.crust,
            label: option.label,
            note: addOnText(option.price),
            disabled: option.disabled,
          }))}
          value={choice.crust}
          onChange={(crust) => setChoice((current) => ({ ...current, crust }))}
        />
      )}
      {types.length > 0 && (
        <OptionGroup
          label="Type"
          options={types.map((option) => ({ value: option.type, label: option.label, note: addOnText(option.price) }))}
          value={choice.type}
          onChange={(type) => setChoice((current) => ({ ...current, type }))}
        />
      )}
      {extras && !product.soldOut && (
        <>
          <button type="button" className="card-button is-text" onClick={openExtras} aria-haspopup="dialog">
            {choice.toppingIds.length > 0 ? `${extras} (${choice.toppingIds.length})` : `Add ${extras.toLowerCase()}`}
          </button>
          {chosenToppings && <p className="menu-card-caption">{chosenToppings}</p>}
        </>
      )}
      {extrasMounted && (
        <Suspense fallback={null}>
          <ExtrasDialog
            open={extrasOpen}
            onClose={() => setExtrasOpen(false)}
            product={priced}
            catalogue={catalogue}
            soldOut={soldOutToppings}
            choice={choice}
            onChange={setChoice}
            onAdd={() => {
              addToCart();
              setExtrasOpen(false);
            }}
          />
        </Suspense>
      )}
    </ProductCard>
  );
}
