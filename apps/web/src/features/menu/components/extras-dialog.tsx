import { ALLERGEN_NAMES, containsAnyAllergen, lineAllergens, type Allergen } from '@shop/shared/domain/allergens';
import { formatPounds, formatToppingPrice } from '@shop/shared/domain/money';
import { priceLine, type PricedLine } from '@shop/shared/domain/pricing';
import { chargesFirstToppingOnly, type PricedProduct, type PricingCatalogue } from '@shop/shared/domain/product-options';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { AskAboutAllergens } from '../../../components/allergen-line';
import { Button, Checkbox, Dialog } from '../../../components/ui';
import { allergenWords, useAvoidedAllergens } from '../../../lib/allergen-filter';
import { cardLine, extrasLabel, toppingGroups, withToppingToggled, type CardChoice } from '../lib/card-config';

interface ExtrasDialogProps {
  open: boolean;
  onClose: () => void;
  product: PricedProduct;
  catalogue: PricingCatalogue;
  /** The ids of the toppings sold out now: shown, but cannot be ticked. */
  soldOut?: ReadonlySet<string>;
  choice: CardChoice;
  onChange: (choice: CardChoice) => void;
  onAdd: () => void;
}

function tryPrice(product: PricedProduct, choice: CardChoice, catalogue: PricingCatalogue): PricedLine | null {
  try {
    return priceLine(cardLine(product, choice), catalogue);
  } catch {
    return null;
  }
}

/** Toppings for a pizza (Pizza and Crust toppings), flavours for a shake, dips for wings and sides. */
export function ExtrasDialog({ open, onClose, product, catalogue, soldOut = new Set(), choice, onChange, onAdd }: ExtrasDialogProps) {
  const groups = toppingGroups(product, catalogue);
  const label = extrasLabel(product) ?? 'Toppings';
  const priced = tryPrice(product, choice, catalogue);
  const charged = new Map((priced?.toppings ?? []).map((topping) => [topping.id, topping.charged]));
  const firstOnly = chargesFirstToppingOnly(product.category);
  const avoid = useAvoidedAllergens();
  const allergens = lineAllergens(cardLine(product, choice), catalogue);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`${product.title}: ${label}`}
      scrollContent
      actions={
        // The allergens of what is chosen and the price stay in view under the list as it scrolls.
        <div className="dialog-foot">
          <p
            aria-live="polite"
            data-testid="chosen-allergens"
            className={containsAnyAllergen(allergens, avoid) ? 'dialog-foot-note ui-body2 ui-error-text' : 'dialog-foot-note ui-body2'}
          >
            <strong>Allergens as chosen:</strong>{' '}
            {allergens === null ? (
              <AskAboutAllergens />
            ) : allergens.length > 0 ? (
              allergens.map((code: Allergen) => ALLERGEN_NAMES[code]).join(', ')
            ) : (
              'none of the 14'
            )}
          </p>
          <div className="dialog-foot-row">
            <p className="dialog-foot-price" aria-live="polite">
              {priced ? formatPounds(priced.unitPrice) : ''}
            </p>
            <div className="ui-row">
              <Button onClick={onClose}>Done</Button>
              <Button variant="contained" onClick={onAdd} disabled={!priced}>
                Add to cart
              </Button>
            </div>
          </div>
        </div>
      }
    >
      {firstOnly && <p className="ui-p ui-body2 ui-muted extras-note">Only the first flavour you choose is charged; any more are free.</p>}
      {groups.length === 0 && <p className="ui-p ui-muted">Loading the {label.toLowerCase()}…</p>}
      {groups.map((group) => (
        <fieldset key={group.category} className="extras-group">
          <legend className="extras-legend">{group.title}</legend>
          {group.toppings.map((topping) => {
            const chosen = choice.toppingIds.includes(topping.id);
            const gone = soldOut.has(topping.id);
            // A shake's later flavours cost nothing: show what this one would cost as chosen.
            const shown = chosen
              ? (charged.get(topping.id) ?? topping.price)
              : firstOnly && choice.toppingIds.length > 0
                ? 0
                : topping.price;
            // Not recorded (null): said under it too, so nobody reads its silence as 'none'.
            const notRecorded = topping.allergens === null;
            const hasAllergens = notRecorded || (topping.allergens?.length ?? 0) > 0;
            const avoided = containsAnyAllergen(topping.allergens, avoid);
            const describedBy = [gone ? `sold-out-${topping.id}` : null, hasAllergens ? `allergens-${topping.id}` : null]
              .filter(Boolean)
              .join(' ');
            return (
              <div key={topping.id} className="extras-topping">
                <Checkbox
                  label={topping.name}
                  checked={chosen && !gone}
                  disabled={gone}
                  onChange={() => onChange(withToppingToggled(choice, topping.id))}
                  aria-describedby={describedBy || undefined}
                />
                {gone ? (
                  <span id={`sold-out-${topping.id}`} className="extras-price ui-muted">
                    {SOLD_OUT_LABEL}
                  </span>
                ) : (
                  <span className="extras-price" aria-hidden="true">
                    {formatToppingPrice(shown)}
                  </span>
                )}
                {hasAllergens && (
                  <span id={`allergens-${topping.id}`} className={avoided ? 'extras-allergens is-avoided' : 'extras-allergens'}>
                    {notRecorded ? 'Allergens not recorded' : avoided ? 'Contains ' : 'Allergens: '}
                    {allergenWords(topping.allergens ?? [])}
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
    </Dialog>
  );
}
