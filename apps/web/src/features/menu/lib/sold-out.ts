import type { CardChoice } from './card-config';

// Sold out on the storefront: the menu's answers say what is sold out now (`soldOut`), and the card, the
// toppings dialog and the deal builder leave it out; the server refuses it anyway (422 ITEM_SOLD_OUT).

const idsOf = new WeakMap<ReadonlyMap<string, { soldOut?: boolean }>, ReadonlySet<string>>();

/** The ids of the sold-out items of a menu list (by id), worked out once per answer. */
export function soldOutIds(items: ReadonlyMap<string, { soldOut?: boolean }>): ReadonlySet<string> {
  let ids = idsOf.get(items);
  if (!ids) {
    ids = new Set([...items].filter(([, item]) => item.soldOut === true).map(([id]) => id));
    idsOf.set(items, ids);
  }
  return ids;
}

/** The card's choice without the toppings that have sold out since they were ticked. */
export function withoutSoldOut(choice: CardChoice, soldOut: ReadonlySet<string>): CardChoice {
  if (!choice.toppingIds.some((id) => soldOut.has(id))) return choice;
  return { ...choice, toppingIds: choice.toppingIds.filter((id) => !soldOut.has(id)) };
}
