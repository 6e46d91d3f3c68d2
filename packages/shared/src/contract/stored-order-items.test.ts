import { describe, expect, it } from 'vitest';
import { storedOrderItemsSchema } from './stored-order-items';

const LINE = { productId: '65f0a1b2c3d4e5f601234561', quantity: 1 };
const ITEM = { productId: LINE.productId, title: 'Margherita', category: 'Pizza', quantity: 1, unitPrice: 799, lineTotal: 799, line: LINE };

describe('the stored order items schema', () => {
  it('reads a line with only the keys that had a value, the rest as empty', () => {
    expect(storedOrderItemsSchema.parse([ITEM])).toEqual([
      {
        ...ITEM,
        description: '',
        size: null,
        sizeLabel: null,
        crust: null,
        crustLabel: null,
        type: null,
        typeLabel: null,
        toopingNames: '',
        toppingsPrice: 0,
        dealItems: [],
      },
    ]);
  });

  it('reads what was ordered without today’s request bounds, and drops keys it does not know', () => {
    const toppingIds = Array.from({ length: 25 }, (_, index) => `topping-${index}`);
    const [item] = storedOrderItemsSchema.parse([
      { ...ITEM, quantity: 150, legacy: true, line: { ...LINE, quantity: 150, toppingIds, note: 'x' } },
    ]);
    expect(item?.quantity).toBe(150);
    expect(item?.line).toEqual({ ...LINE, quantity: 150, toppingIds });
    expect(item).not.toHaveProperty('legacy');
  });

  it('refuses a line without what was charged', () => {
    const { unitPrice: _unitPrice, ...unpriced } = ITEM;
    expect(storedOrderItemsSchema.safeParse([unpriced]).success).toBe(false);
    expect(storedOrderItemsSchema.safeParse([{ ...ITEM, line: undefined }]).success).toBe(false);
  });
});
