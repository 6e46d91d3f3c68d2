import { IMAGE_FIELD, type ProductWire } from '@shop/shared/contract/catalogue';
import {
  CRUST_LABELS,
  CRUSTS,
  WING_TYPE_LABELS,
  WING_TYPES,
  type Crust,
  type DrinkKind,
  type WingType,
} from '@shop/shared/domain/catalogue-values';
import { poundsToPence } from '@shop/shared/domain/money';
import type { VatRate } from '@shop/shared/domain/vat';

// What the product form shows for each category (SPEC.md section 2, "Product form by category") and how its
// values travel: every price is text while typed, "" (sizes) or null (crust, type) when empty on the wire.

export type SizeField = 'regularDiscount' | 'mediumDiscount' | 'largeDiscount' | 'extraLargeDiscount';
export type CrustField = Crust;
export type TypeField = WingType;
export type PriceField = SizeField | CrustField | TypeField;
export type DrinkKindValue = '' | DrinkKind;

export const SIZE_FIELDS: SizeField[] = ['regularDiscount', 'mediumDiscount', 'largeDiscount', 'extraLargeDiscount'];
export const CRUST_FIELDS: readonly CrustField[] = CRUSTS;
export const TYPE_FIELDS: readonly TypeField[] = WING_TYPES;

const SIZE_LABELS: Record<SizeField, string> = {
  regularDiscount: 'Regular Price',
  mediumDiscount: 'Medium Price',
  largeDiscount: 'Large Price',
  extraLargeDiscount: 'Extra Large Price',
};
const WING_SIZE_LABELS: Partial<Record<SizeField, string>> = { regularDiscount: '6 Pcs Price', mediumDiscount: '10 Pcs Price' };
export const DRINK_KIND_LABELS: Record<Exclude<DrinkKindValue, ''>, string> = { can: 'Can', bottle: 'Bottle', water: 'Water' };

/** Defaults of SPEC.md section 5: deep pan 0, thin 0, stuffed 2; normal 0, boneless 0. */
export const CRUST_DEFAULTS: Record<CrustField, string> = { deep_pan: '0', thin_crust: '0', stuffed_crust: '2' };
export const TYPE_DEFAULTS: Record<TypeField, string> = { normal: '0', boneless: '0' };

export interface ProductFormValues {
  category: string;
  title: string;
  description: string;
  prices: Record<PriceField, string>;
  drinkKind: DrinkKindValue;
  /** The allergens' codes it contains, in the 14's order; [] none; null not recorded yet (decision 1004). */
  allergens: string[] | null;
  vatRate: VatRate;
}

/** The VAT rates as the form offers them. */
export const VAT_RATE_LABELS: Record<VatRate, string> = { standard: 'Standard rate (20%)', zero: 'Zero-rated (0%)' };

export interface PriceFieldGroup {
  heading: string | null;
  fields: Array<{ name: PriceField; label: string }>;
}

function sizeFieldsFor(category: string): SizeField[] {
  if (category === 'Pizza' || category === 'Deals') return SIZE_FIELDS;
  if (category === 'Wings') return ['regularDiscount', 'mediumDiscount'];
  return ['regularDiscount'];
}

/**
 * The price inputs for a category. A size the category does not normally show but that the product already
 * has a price for is shown too, so an edit never silently drops it. Crust additions belong to Pizza and wing types
 * to Wings only (the server keeps them for no other category): after another category was chosen, what was typed
 * there is neither shown nor sent, and comes back if the admin returns to that category.
 */
export function priceGroups(values: ProductFormValues): PriceFieldGroup[] {
  const { category, prices } = values;
  const sizes = SIZE_FIELDS.filter((field) => sizeFieldsFor(category).includes(field) || prices[field].trim() !== '');
  const sizeLabel = (field: SizeField) => (category === 'Wings' ? (WING_SIZE_LABELS[field] ?? SIZE_LABELS[field]) : SIZE_LABELS[field]);
  const groups: PriceFieldGroup[] = [{ heading: 'Prices', fields: sizes.map((name) => ({ name, label: sizeLabel(name) })) }];
  if (category === 'Pizza') groups.push({ heading: 'Crust', fields: CRUST_FIELDS.map((name) => ({ name, label: CRUST_LABELS[name] })) });
  if (category === 'Wings') groups.push({ heading: 'Type', fields: TYPE_FIELDS.map((name) => ({ name, label: WING_TYPE_LABELS[name] })) });
  return groups;
}

function emptyPrices(): Record<PriceField, string> {
  return Object.fromEntries([...SIZE_FIELDS, ...CRUST_FIELDS, ...TYPE_FIELDS].map((field) => [field, ''])) as Record<PriceField, string>;
}

/** A new product's form for a category, with the crust and type defaults filled in where they apply. */
export function newProductForm(category: string): ProductFormValues {
  return {
    category,
    title: '',
    description: '',
    prices: withCategoryDefaults(category, emptyPrices()),
    drinkKind: '',
    // Not recorded until the owner ticks what it contains, or that it contains none (decision 1004).
    allergens: null,
    vatRate: 'standard',
  };
}

/** Fills empty crust (Pizza) and type (Wings) prices with their defaults; other values are kept. */
export function withCategoryDefaults(category: string, prices: Record<PriceField, string>): Record<PriceField, string> {
  const next = { ...prices };
  if (category === 'Pizza') for (const field of CRUST_FIELDS) if (next[field].trim() === '') next[field] = CRUST_DEFAULTS[field];
  if (category === 'Wings') for (const field of TYPE_FIELDS) if (next[field].trim() === '') next[field] = TYPE_DEFAULTS[field];
  return next;
}

const asText = (value: number | '' | null | undefined) => (value === '' || value === null || value === undefined ? '' : String(value));

/** The edit form's starting values: stuffed crust 2 when a pizza has none (SPEC.md section 5). */
export function productFormFromWire(product: ProductWire): ProductFormValues {
  const prices = emptyPrices();
  for (const field of [...SIZE_FIELDS, ...CRUST_FIELDS, ...TYPE_FIELDS]) prices[field] = asText(product[field]);
  return {
    category: product.category,
    title: product.title,
    description: product.description,
    prices: withCategoryDefaults(product.category, prices),
    drinkKind: product.drinkKind ?? '',
    allergens: product.allergens === null ? null : [...product.allergens],
    vatRate: product.vatRate,
  };
}

/** The first problem a person should fix, or null. Prices: not negative, at most two decimals. */
export function priceProblem(values: ProductFormValues): string | null {
  for (const group of priceGroups(values)) {
    for (const { name, label } of group.fields) {
      const text = values.prices[name].trim();
      if (text !== '' && poundsToPence(text) === null) return `${label}: enter pounds, not negative, with at most two decimals`;
    }
  }
  return null;
}

/**
 * The spec's fields for a request. Prices not shown for the category are sent empty (sizes "", crust and type
 * null), so a side chosen after Pizza or Wings never carries their crust or type prices; the drink kind only for
 * drinks, so other products keep theirs. Deal slots are never sent: the server keeps them.
 */
export function productRequestFields(values: ProductFormValues): Record<string, string | null> {
  const shown = new Set(priceGroups(values).flatMap((group) => group.fields.map((field) => field.name)));
  const fields: Record<string, string | null> = {
    title: values.title.trim(),
    category: values.category,
    description: values.description.trim(),
  };
  for (const field of SIZE_FIELDS) fields[field] = shown.has(field) ? values.prices[field].trim() : '';
  for (const field of [...CRUST_FIELDS, ...TYPE_FIELDS]) {
    const text = values.prices[field].trim();
    fields[field] = shown.has(field) && text !== '' ? text : null;
  }
  if (values.category === 'Drinks') fields.drinkKind = values.drinkKind === '' ? null : values.drinkKind;
  // Always sent: the codes separated by commas, "" for none (affirmed), "null" for not recorded (decision 1004).
  fields.allergens = values.allergens === null ? 'null' : values.allergens.join(',');
  fields.vatRate = values.vatRate;
  return fields;
}

/** Multipart for `POST /allproduts`: nulls travel as empty fields, the image in `myfiles`. */
export function productFormData(values: ProductFormValues, image: File | null): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(productRequestFields(values))) data.append(key, value ?? '');
  if (image) data.append(IMAGE_FIELD, image, image.name);
  return data;
}

/** The category dropdown: every category but the one named All. */
export function formCategories<T extends { categoriName: string }>(list: readonly T[]): T[] {
  return list.filter((category) => category.categoriName !== 'All');
}
