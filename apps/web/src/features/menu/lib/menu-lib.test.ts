import { describe, expect, it } from 'vitest';
import type { MenuCategory } from '../../../lib/menu-types';
import { fromPricePence } from './from-price';
import { selectCategory } from './select-category';

const category = (categoriName: string, order: number): MenuCategory => ({
  _id: String(order).padStart(24, '0'),
  categoriName,
  order,
  imageUrl: null,
});

describe('fromPricePence', () => {
  it('is the lowest priced size, skipping blank and zero sizes', () => {
    expect(fromPricePence({ regularDiscount: '', mediumDiscount: 12.5, largeDiscount: 15, extraLargeDiscount: 0 })).toBe(1250);
    expect(fromPricePence({ regularDiscount: 8.99, mediumDiscount: 11.99, largeDiscount: 13.99, extraLargeDiscount: 15.99 })).toBe(899);
  });

  it('is null when nothing is priced', () => {
    expect(fromPricePence({ regularDiscount: '', mediumDiscount: '', largeDiscount: '', extraLargeDiscount: '' })).toBeNull();
  });
});

describe('selectCategory', () => {
  const categories = [category('Pizza', 1), category('Wings', 2), category('Deals', 6)];

  it('opens on Deals', () => {
    expect(selectCategory(categories, null)).toBe('Deals');
  });

  it('keeps a requested category that exists', () => {
    expect(selectCategory(categories, 'Wings')).toBe('Wings');
  });

  it('ignores an unknown request', () => {
    expect(selectCategory(categories, 'Sushi')).toBe('Deals');
  });

  it('falls back to the first category without Deals, and to none without categories', () => {
    expect(selectCategory([category('Pizza', 1)], null)).toBe('Pizza');
    expect(selectCategory([], null)).toBeNull();
  });
});

describe('DEAL_CATEGORY', () => {
  it('is the domain’s Deals category', async () => {
    const { DEALS_CATEGORY } = await import('@shop/shared/domain/product-options');
    const { DEAL_CATEGORY } = await import('./deal-category');
    expect(DEAL_CATEGORY).toBe(DEALS_CATEGORY);
  });
});
