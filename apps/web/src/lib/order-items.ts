import type { OrderItemWire } from '@shop/shared/contract/orders';
import { ALLERGEN_SHORT_NAMES, combineAllergens } from '@shop/shared/domain/allergens';
import { CRUST_LABELS, WING_TYPE_LABELS } from '@shop/shared/domain/catalogue';

/**
 * A line's allergens as the menu recorded them when it was ordered, for the order page and the kitchen ticket
 * (decision 1004): 'Allergens: Gluten, Milk', 'Allergens: none of the 14', or 'Allergens: not
 * recorded' when some part's were not (or the order is older than allergens): the kitchen must not read it as none.
 */
export function itemAllergenText(item: Pick<OrderItemWire, 'allergens'>): string {
  if (item.allergens == null) return 'Allergens: not recorded';
  const codes = combineAllergens(item.allergens);
  return codes.length > 0 ? `Allergens: ${codes.map((code) => ALLERGEN_SHORT_NAMES[code]).join(', ')}` : 'Allergens: none of the 14';
}

/** The choices of an item, each a short phrase: size, crust, wing type, toppings, a deal's picks; then its allergens. */
export function itemChoices(item: OrderItemWire): string[] {
  return [
    item.sizeLabel,
    item.crust ? (item.crustLabel ?? CRUST_LABELS[item.crust]) : null,
    item.type ? (item.typeLabel ?? WING_TYPE_LABELS[item.type]) : null,
    item.topping ? `Toppings: ${item.topping}` : null,
    item.dealItems.length > 0 ? `Deal: ${item.dealItems.join(', ')}` : null,
    itemAllergenText(item),
  ].filter((choice): choice is string => typeof choice === 'string' && choice.trim() !== '');
}

/** 'Large 13" · Stuffed Crust · Pepperoni, Mushrooms' — the size, crust, type, toppings and deal choices of an item. */
export function itemDetails(
  item: Pick<OrderItemWire, 'sizeLabel' | 'crust' | 'crustLabel' | 'type' | 'typeLabel' | 'topping' | 'dealItems'>,
): string {
  return [
    item.sizeLabel,
    item.crust ? (item.crustLabel ?? CRUST_LABELS[item.crust]) : null,
    item.type ? (item.typeLabel ?? WING_TYPE_LABELS[item.type]) : null,
    item.topping || null,
    item.dealItems.length > 0 ? item.dealItems.join(', ') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
