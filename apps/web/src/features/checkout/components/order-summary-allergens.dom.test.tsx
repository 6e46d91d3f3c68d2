import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import { OrderSummary } from './order-summary';

// At checkout: each line of the order, as the server prices it, names its allergens.

const line = (title: string, allergens: CartQuoteAnswer['items'][number]['allergens']): CartQuoteAnswer['items'][number] => ({
  productId: 'a'.repeat(24),
  title,
  category: 'Pizza',
  quantity: 1,
  size: 'm',
  sizeLabel: 'Medium 10"',
  crust: 'stuffed_crust',
  type: null,
  toopingNames: 'Sesame Seed Crust',
  totalToopingPrice: 0.5,
  price: 12,
  totalQuantityPrice: 12,
  dealItems: [],
  allergens,
});

describe('the order summary at checkout', () => {
  it("shows each line's allergens, and 'none' for a line without", () => {
    const quote: CartQuoteAnswer = {
      items: [line('Marinara', ['gluten', 'milk', 'sesame']), { ...line('Cola 1.5L', []), category: 'Drinks' }],
      subtotal: 24,
      total: 24,
      meetsMinimum: true,
      minimumOrder: 10,
      discounts: [],
      discount: 0,
      tip: 0,
      promo: null,
      toPay: 24,
    };
    render(<OrderSummary quote={quote} error={null} loading={false} />);
    const lines = screen.getAllByTestId('line-allergens').map((element) => element.textContent);
    expect(lines).toEqual(['Allergens: gluten, milk, sesame', 'Allergens: none']);
    expect(within(screen.getByRole('region', { name: 'Your order' })).getByText('1 × Marinara')).toBeVisible();
  });
});
