import { formatPounds } from '@shop/shared/domain/money';
import type { products, toppings } from '../../db/schema';

// The catalogue as the audit log keeps it: what a person reads on the menu (prices as £), not storage details.

type ProductRow = typeof products.$inferSelect;
type ToppingRow = typeof toppings.$inferSelect;

const pounds = (pence: number | null) => (pence === null ? null : formatPounds(pence));

export const PRODUCT_LABELS: Readonly<Record<string, string>> = {
  title: 'name',
  priceS: 'price S',
  priceM: 'price M',
  priceL: 'price L',
  priceXl: 'price XL',
  crustDeepPan: 'deep pan crust',
  crustThin: 'thin crust',
  crustStuffed: 'stuffed crust',
  wingNormal: 'wings',
  wingBoneless: 'boneless wings',
  drinkKind: 'drink kind',
  dealSlots: 'deal slots',
  vatRate: 'VAT rate',
};

export function productState(row: ProductRow, categoryName: string | null): Record<string, unknown> {
  return {
    title: row.title,
    description: row.description,
    category: categoryName,
    priceS: pounds(row.priceS),
    priceM: pounds(row.priceM),
    priceL: pounds(row.priceL),
    priceXl: pounds(row.priceXl),
    crustDeepPan: pounds(row.crustDeepPan),
    crustThin: pounds(row.crustThin),
    crustStuffed: pounds(row.crustStuffed),
    wingNormal: pounds(row.wingNormal),
    wingBoneless: pounds(row.wingBoneless),
    drinkKind: row.drinkKind,
    dealSlots: row.dealSlots,
    allergens: row.allergens,
    vatRate: row.vatRate,
    picture: row.imageId,
  };
}

export function toppingState(row: ToppingRow): Record<string, unknown> {
  return { name: row.name, category: row.category, price: formatPounds(row.price), allergens: row.allergens };
}

/** Sold out as a person reads it: on sale, sold out until an instant (ISO), or until turned back on. */
export function availabilityState(row: { soldOutUntil: Date | null; soldOutUntilBackOn: boolean }, now: Date): Record<string, unknown> {
  if (row.soldOutUntilBackOn) return { soldOut: 'until turned back on' };
  if (row.soldOutUntil && row.soldOutUntil > now) return { soldOut: `until ${row.soldOutUntil.toISOString()}` };
  return { soldOut: 'no' };
}
