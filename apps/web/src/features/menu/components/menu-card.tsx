import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { combineKnownAllergens, lineAllergens } from '@shop/shared/domain/allergens';
import { formatPounds } from '@shop/shared/domain/money';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { priceLine } from '@shop/shared/domain/pricing';
import type { PricedProduct, PricingCatalogue } from '@shop/shared/domain/product-options';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import type { MenuProduct } from '../../../lib/menu-types';
import { addOnText } from '../lib/add-on-text';
import {
  cardLine,
  choiceFrom,
  crustOptions,
  extrasLabel,
  initialChoice,
  sizeOptions,
  typeOptions,
  withSize,
  type CardChoice,
} from '../lib/card-config';
import { useAddLine } from '../lib/add-target';
import { cartDisplay } from '../lib/cart-display';
import { soldOutIds, withoutSoldOut } from '../lib/sold-out';
import { useCardTap } from '../lib/taps-in-url';
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

  // The store's action (or the screen's basket's), not useCart(): a card only adds, so it need not re-render whenever
  // the cart changes. With useCart() every card on the page would redraw on each Add to cart (about 1 s at 4x CPU).
  const addLine = useAddLine();
  const addToCart = (chosen: CardChoice) => {
    if (product.soldOut) return;
    addLine(cardLine(priced, chosen), cartDisplay(product));
  };
  const openExtras = () => {
    setExtrasMounted(true);
    setExtrasOpen(true);
  };

  // The options are radios of the card's form. A radio tapped before the app ran stays checked through the hydration,
  // but React 19 keeps this state as the server drew it (it replays no change): the state takes the form's choices once.
  const form = useRef<HTMLFormElement>(null);
  const takeFormChoices = useEffectEvent(() => {
    const data = form.current ? new FormData(form.current) : null;
    if (data) setChoice((current) => choiceFrom(priced, (name) => data.get(name), current));
  });
  useEffect(() => takeFormChoices(), []);

  // Add to cart and the extras button submit the form: with the app running, the line is added (with the choices the
  // form shows) or the extras open here; before, the tap loads its address and comes back as a tap in the URL.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'extras') {
      openExtras();
      return;
    }
    const data = new FormData(event.currentTarget);
    addToCart(choiceFrom(priced, (name) => data.get(name), choice));
  };
  useCardTap('extras', product._id, (tap) => {
    setChoice((current) => choiceFrom(priced, (name) => tap.params.get(name), current));
    openExtras();
  });

  return (
    <>
      <ProductCard
        product={product}
        eager={eager}
        corner={corner}
        allergens={allergens}
        note={note}
        onSubmit={submit}
        formRef={form}
        price={price !== null ? formatPounds(price) : '…'}
        footer={
          product.soldOut ? (
            <button type="button" className="card-button is-contained" disabled>
              {SOLD_OUT_LABEL}
            </button>
          ) : (
            <button type="submit" name="add" value={product._id} className="card-button is-contained" disabled={price === null}>
              Add to cart
            </button>
          )
        }
      >
        {sizes.length > 0 && (
          <OptionGroup
            label="Size"
            name="size"
            options={sizes.map((option) => ({ value: option.size, label: option.label }))}
            value={choice.size}
            onChange={(size) => setChoice((current) => withSize(priced, current, size))}
          />
        )}
        {crusts.length > 0 && (
          <OptionGroup
            label="Crust"
            name="crust"
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
            name="type"
            options={types.map((option) => ({ value: option.type, label: option.label, note: addOnText(option.price) }))}
            value={choice.type}
            onChange={(type) => setChoice((current) => ({ ...current, type }))}
          />
        )}
        {extras && !product.soldOut && (
          <>
            <button type="submit" name="extras" value={product._id} className="card-button is-text" aria-haspopup="dialog">
              {choice.toppingIds.length > 0 ? `${extras} (${choice.toppingIds.length})` : `Add ${extras.toLowerCase()}`}
            </button>
            {chosenToppings && <p className="menu-card-caption">{chosenToppings}</p>}
          </>
        )}
      </ProductCard>
      {/* Beside the card, not in its form: the dialog's controls are not the card's. */}
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
              addToCart(choice);
              setExtrasOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
