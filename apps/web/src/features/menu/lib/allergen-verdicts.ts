/**
 * The menu filter's verdict on each card (decision 1000), from the shared rules: a dish that itself contains an
 * avoided allergen is hidden; one whose only such allergens come with something the customer may add (a topping,
 * dip, shake flavour, the stuffed crust, a deal's choices) is shown and marked with which; a deal is hidden when one
 * of its slots offers only dishes that contain one. A dish whose allergens, or some choice's, are not recorded
 * (decision 1004) is marked with words that say so: 'Allergens not recorded: ask us before ordering'.
 */
import {
  allergenVerdict,
  anyNotRecorded,
  avoidedInOptions,
  CRUST_ALLERGENS,
  dealAllergenVerdict,
  dealHiddenBy,
  dishHiddenBy,
  type Allergen,
  type AllergenVerdict,
  type HiddenBy,
} from '@shop/shared/domain/allergens';
import { dealHasPizzaSlot, dealProgress } from '@shop/shared/domain/deals';
import {
  allowedToppingCategories,
  defaultSize,
  hasCrustChoice,
  isDeal,
  type PricedProduct,
  type PricingCatalogue,
} from '@shop/shared/domain/product-options';

export type MenuVerdict = {
  verdict: AllergenVerdict;
  inChoices: Allergen[];
  /** The dish's own allergens are not recorded (decision 1004). */
  notRecorded?: boolean;
  /** Some choice's allergens are not recorded. */
  choicesNotRecorded?: boolean;
  /** Which avoided allergens hide it, for its section's words (only when the verdict is 'hide'). */
  hiddenBy?: HiddenBy;
};

/** Everything the customer may add to the product, as allergen lists. */
function optionLists(product: PricedProduct, catalogue: PricingCatalogue): Array<readonly string[] | null | undefined> {
  const categories = allowedToppingCategories(product.category);
  const lists: Array<readonly string[] | null | undefined> = [...catalogue.toppings.values()]
    .filter((topping) => categories.includes(topping.category))
    .map((topping) => topping.allergens);
  if (hasCrustChoice(product) && product.crust) lists.push(CRUST_ALLERGENS.stuffed_crust);
  return lists;
}

export function menuVerdict(product: PricedProduct, catalogue: PricingCatalogue, avoid: readonly string[]): MenuVerdict {
  if (avoid.length === 0) return { verdict: 'show', inChoices: [] };
  if (isDeal(product)) {
    const slots = dealProgress(product, [], catalogue, { size: defaultSize(product), crust: null }).slots.map((slot) =>
      slot.choices.map((choice) => choice.allergens),
    );
    const extras = dealHasPizzaSlot(product) ? [CRUST_ALLERGENS.stuffed_crust] : [];
    const inChoices = avoidedInOptions([...slots.flat(), ...extras], avoid);
    const verdict = dealAllergenVerdict(product.allergens, slots, avoid);
    return {
      verdict: verdict === 'show' && inChoices.length > 0 ? 'mark' : verdict,
      inChoices,
      hiddenBy: verdict === 'hide' ? dealHiddenBy(product.allergens, slots, avoid) : undefined,
      notRecorded: product.allergens === null,
      choicesNotRecorded: anyNotRecorded(slots.flat()),
    };
  }
  const options = optionLists(product, catalogue);
  const verdict = allergenVerdict(product.allergens, options, avoid);
  return {
    verdict,
    hiddenBy: verdict === 'hide' ? dishHiddenBy(product.allergens, avoid) : undefined,
    inChoices: avoidedInOptions(options, avoid),
    notRecorded: product.allergens === null,
    choicesNotRecorded: anyNotRecorded(options),
  };
}
