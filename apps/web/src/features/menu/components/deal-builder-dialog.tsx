import { useState } from 'react';
import type { CartLine } from '@shop/shared/contract/cart';
import { CRUST_LABELS, CRUSTS, SIZE_LABELS, type Crust, type Size } from '@shop/shared/domain/catalogue-values';
import { ALLERGEN_NAMES, containsAnyAllergen, lineAllergens } from '@shop/shared/domain/allergens';
import { dealHasPizzaSlot, dealProgress, type DealChoice } from '@shop/shared/domain/deals';
import { DEAL_INCOMPLETE } from '@shop/shared/domain/messages';
import { formatPounds } from '@shop/shared/domain/money';
import { priceLine } from '@shop/shared/domain/pricing';
import { defaultConfiguration, sizePrice } from '@shop/shared/domain/product-options';
import { SOLD_OUT_LABEL, soldOutMessage } from '@shop/shared/domain/sold-out-words';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import { AskAboutAllergens } from '../../../components/allergen-line';
import { Alert, Button, Dialog, Icon } from '../../../components/ui';
import { allergenWords, useAvoidedAllergens } from '../../../lib/allergen-filter';
import type { MenuProduct } from '../../../lib/menu-types';
import { addOnText } from '../lib/add-on-text';
import { sizeOptions } from '../lib/card-config';
import { useAddLine } from '../lib/add-target';
import { cartDisplay } from '../lib/cart-display';
import { soldOutIds } from '../lib/sold-out';
import { useMenuCatalogue } from '../../../lib/menu-catalogue';
import { OptionGroup } from './option-group';

interface DealBuilderDialogProps {
  open: boolean;
  onClose: () => void;
  product: MenuProduct;
}

/**
 * Fills a deal's slots (SPEC.md sections 4 and 5; the slots are data). Each slot is a section listing what may
 * fill it; its choices disappear once it is full (Fussy Eaters keeps offering extra pizzas, at their price).
 * The size is chosen when the deal has several, the crust once for every pizza. Sold-out products are not offered;
 * one that sells out after it was chosen says so, and the deal cannot be added until it is removed.
 */
export function DealBuilderDialog({ open, onClose, product }: DealBuilderDialogProps) {
  const addLine = useAddLine();
  const { catalogue, products } = useMenuCatalogue();
  const soldOut = soldOutIds(products);
  const deal = catalogue.products.get(product._id) ?? toPricedProduct(product);
  const defaults = defaultConfiguration(deal);
  const [size, setSize] = useState<Size | null>(defaults.size);
  const [crust, setCrust] = useState<Crust>(defaults.crust ?? 'deep_pan');
  const [items, setItems] = useState<DealChoice[]>([]);
  const [refused, setRefused] = useState(false);

  const hasPizzas = dealHasPizzaSlot(deal);
  const progress = dealProgress(deal, items, catalogue, { size, crust: hasPizzas ? crust : null });
  // Items that no longer fit (the size changed under them) are dropped rather than left to fail at the server.
  const validItems: DealChoice[] = progress.items.map(({ slot, productId }) => ({ slot, productId }));
  const sizes = sizeOptions(deal);

  const line: CartLine = {
    productId: deal.id,
    quantity: 1,
    deal: { ...(size ? { size } : {}), ...(hasPizzas ? { crust } : {}), items: validItems },
  };
  let price: number | null = null;
  if (progress.complete) {
    try {
      price = priceLine(line, catalogue).unitPrice;
    } catch {
      price = null;
    }
  }
  const basePrice = size ? sizePrice(deal, size) : null;
  // The allergens of what is chosen so far (each item, the stuffed crust), as it changes.
  const avoid = useAvoidedAllergens();
  const allergens = lineAllergens(line, catalogue);
  const soldOutItem = progress.items.find((item) => soldOut.has(item.productId));
  const soldOutNow = product.soldOut
    ? soldOutMessage(deal.title, product)
    : soldOutItem
      ? soldOutMessage(soldOutItem.title, products.get(soldOutItem.productId) ?? { soldOutUntil: null })
      : null;

  // Size s forces deep pan (SPEC.md section 4), for a deal's pizzas as for a single pizza.
  const crustDisabled = (option: Crust) => option !== 'deep_pan' && progress.size === 's';

  const add = () => {
    if (soldOutNow) return;
    if (!progress.complete || price === null) {
      // Shown inside the dialog: a toast behind a modal dialog would be hidden from screen readers.
      setRefused(true);
      return;
    }
    addLine(line, cartDisplay(product));
    setItems([]);
    onClose();
  };

  const choose = (next: DealChoice[]) => {
    setRefused(false);
    setItems(next);
  };

  const removeAt = (slot: number, productId: string) => {
    const index = validItems.findIndex((item) => item.slot === slot && item.productId === productId);
    choose(validItems.filter((_, i) => i !== index));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={deal.title}
      size="sm"
      scrollContent
      // The whole screen below the sm breakpoint (styles/ui.css): a deal's slots need the room on a phone.
      className="deal-builder"
      actions={
        // What is chosen, its allergens, why it cannot be added yet and the price stay in view as the slots scroll.
        <div className="dialog-foot">
          <p
            aria-live="polite"
            data-testid="chosen-allergens"
            className={containsAnyAllergen(allergens, avoid) ? 'dialog-foot-note ui-body2 ui-error-text' : 'dialog-foot-note ui-body2'}
          >
            <strong>Allergens as chosen:</strong>{' '}
            {validItems.length === 0 ? (
              'choose your dishes'
            ) : allergens === null ? (
              <AskAboutAllergens />
            ) : allergens.length > 0 ? (
              allergens.map((code) => ALLERGEN_NAMES[code]).join(', ')
            ) : (
              'none of the 14'
            )}
          </p>
          {soldOutNow && (
            <Alert severity="warning" className="dialog-foot-alert">
              {soldOutNow}
            </Alert>
          )}
          {refused && !progress.complete && !soldOutNow && (
            <Alert severity="warning" className="dialog-foot-alert">
              {DEAL_INCOMPLETE}
            </Alert>
          )}
          <div className="dialog-foot-row">
            <p className="dialog-foot-price" aria-live="polite">
              {price !== null ? `Price ${formatPounds(price)}` : basePrice !== null ? `Deal price ${formatPounds(basePrice)}` : ''}
            </p>
            <Button variant="contained" onClick={add} disabled={soldOutNow !== null}>
              Add to cart
            </Button>
          </div>
        </div>
      }
    >
      {/* Placed over the title's end (styles/ui.css), out of the list's scroll. */}
      <button type="button" className="icon-button deal-close" aria-label="Close" onClick={onClose}>
        <Icon name="close" />
      </button>
      <div className="deal-builder-body">
        {sizes.length > 1 && (
          <div>
            <h3 className="deal-option-heading">Deal size</h3>
            <OptionGroup
              label="Deal size"
              columns={Math.min(sizes.length, 4)}
              options={sizes.map((option) => ({ value: option.size, label: `${option.label} ${formatPounds(option.price)}` }))}
              value={size}
              onChange={setSize}
            />
          </div>
        )}
        {hasPizzas && (
          <div>
            <h3 className="deal-option-heading">Crust for every pizza</h3>
            <OptionGroup
              label="Crust for every pizza"
              columns={3}
              options={CRUSTS.map((option) => ({
                value: option,
                label: CRUST_LABELS[option],
                note: option === 'stuffed_crust' && deal.crust ? `${addOnText(deal.crust.stuffed_crust) ?? ''} a pizza` : undefined,
                disabled: crustDisabled(option),
              }))}
              value={crust}
              onChange={setCrust}
            />
          </div>
        )}
        {progress.slots.map((slot) => {
          const chosen = progress.items.filter((item) => item.slot === slot.slot);
          const choices = slot.choices.filter((choice) => !soldOut.has(choice.id));
          const extraEach = deal.dealSlots?.[slot.slot]?.extraEach ?? 0;
          return (
            <section key={slot.slot} aria-label={slot.label} className={slot.full ? 'deal-slot is-full' : 'deal-slot'}>
              <h3 className="deal-slot-heading">
                {slot.label}{' '}
                <span className="deal-slot-count">
                  ({Math.min(slot.filled, slot.count)} of {slot.count}
                  {slot.extra > 0 ? ` + ${slot.extra} extra` : ''})
                </span>
              </h3>
              {chosen.length > 0 && (
                <ul aria-label={`Chosen for ${slot.label}`} className="deal-chosen">
                  {chosen.map((item, index) => (
                    <li key={`${item.productId}-${index}`}>
                      <p className="ui-p ui-body2">
                        {item.title}
                        {item.size && slot.kind === 'pizza' ? ` (${SIZE_LABELS[item.size]})` : ''}
                        {index >= slot.count && extraEach > 0 ? ` ${addOnText(extraEach) ?? ''}` : ''}
                        {soldOut.has(item.productId) && <strong className="ui-error-text">{` ${SOLD_OUT_LABEL}`}</strong>}
                      </p>
                      <Button
                        size="small"
                        className="deal-remove"
                        onClick={() => removeAt(slot.slot, item.productId)}
                        aria-label={`Remove ${item.title} from ${slot.label}`}
                      >
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {choices.length > 0 && (
                <>
                  {slot.full && extraEach > 0 && (
                    <p className="ui-p ui-body2 ui-muted deal-more">
                      Add more for {formatPounds(extraEach)} each (up to {slot.max} in all).
                    </p>
                  )}
                  <div role="group" aria-label={`Choices for ${slot.label}`} className="deal-choices">
                    {choices.map((product) => {
                      const words = `choice-allergens-${slot.slot}-${product.id}`;
                      const avoided = containsAnyAllergen(product.allergens, avoid);
                      return (
                        <Button
                          key={product.id}
                          size="small"
                          variant="outlined"
                          className="deal-choice"
                          onClick={() => choose([...validItems, { slot: slot.slot, productId: product.id }])}
                          aria-describedby={product.allergens === null || product.allergens?.length ? words : undefined}
                        >
                          {product.title}
                          {product.allergens === null && (
                            <span id={words} aria-hidden="true" className="deal-choice-allergens is-not-recorded">
                              Allergens not recorded
                            </span>
                          )}
                          {product.allergens && product.allergens.length > 0 && (
                            <span
                              id={words}
                              aria-hidden="true"
                              className={avoided ? 'deal-choice-allergens is-avoided' : 'deal-choice-allergens'}
                            >
                              {avoided ? 'Contains ' : ''}
                              {allergenWords(product.allergens)}
                            </span>
                          )}
                        </Button>
                      );
                    })}
                  </div>
                </>
              )}
            </section>
          );
        })}
      </div>
    </Dialog>
  );
}
