import { describe, expect, it } from 'vitest';
import { DEAL_INCOMPLETE } from '../domain/messages';
import { PricingError, quoteCart, type PricingCatalogue, type PricedTopping } from '../domain/pricing';
import {
  anyTwoLarge,
  bbqDip,
  bbqDipPot,
  chips,
  cokeCan,
  extraCheese,
  garlicDip,
  hawaiian,
  margherita,
  MISSING_ID,
  mushroom,
  olives,
  oreo,
  pepperoni,
  shake,
  singlePack,
  testCatalogue,
  vanilla,
  wings,
} from '../domain/test-catalogue';
import type { CartLine } from './cart';
import {
  orderItemsSchema,
  specItemToCartLine,
  specOrderItemSchema,
  toCartLines,
  toppingIdsFromNames,
  type SpecOrderItem,
  type SpecOrderItemInput,
} from './spec-order-items';

/** An order item as SPEC.md section 3 writes it, with the client's own (ignored) prices. */
function specItem(id: string, more: Partial<SpecOrderItemInput> = {}): SpecOrderItemInput {
  return {
    id,
    title: 'Anything',
    quantity: 1,
    totalQuantityPrice: 0.01,
    topping: '',
    crust: 'deep_pan',
    size: 's',
    type: 'normal',
    description: 'Whatever the client showed',
    category: 'Pizza',
    toppingsPrice: 0,
    ...more,
  };
}

function parsed(item: SpecOrderItemInput): SpecOrderItem {
  return specOrderItemSchema.parse(item);
}

function mapped(item: SpecOrderItemInput, catalogue: PricingCatalogue = testCatalogue): CartLine {
  return specItemToCartLine(parsed(item), catalogue);
}

function refusal(item: SpecOrderItemInput, catalogue: PricingCatalogue = testCatalogue): { code: string; message: string } {
  try {
    mapped(item, catalogue);
  } catch (error) {
    if (error instanceof PricingError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the item to be refused');
}

describe('specItemToCartLine: the spec order item as a cart line', () => {
  it.each<[string, SpecOrderItemInput, CartLine]>([
    [
      'a regular pizza, deep pan, no toppings',
      specItem(margherita.id),
      { productId: margherita.id, quantity: 1, size: 's', crust: 'deep_pan' },
    ],
    [
      'a large pizza with stuffed crust and two toppings, as the spec joins them',
      specItem(margherita.id, { size: 'l', crust: 'stuffed_crust', topping: 'Mushroom, Extra Cheese', quantity: 3 }),
      { productId: margherita.id, quantity: 3, size: 'l', crust: 'stuffed_crust', toppingIds: [mushroom.id, extraCheese.id] },
    ],
    [
      'topping names in any letter case, with stray spaces and empty parts',
      specItem(pepperoni.id, { size: 'm', crust: 'thin_crust', topping: ' olives ,,  EXTRA   cheese, ' }),
      { productId: pepperoni.id, quantity: 1, size: 'm', crust: 'thin_crust', toppingIds: [olives.id, extraCheese.id] },
    ],
    [
      'boneless wings with a dip (crust deep_pan dropped: wings have no crust)',
      specItem(wings.id, { size: 'm', type: 'boneless', topping: 'BBQ Dip' }),
      { productId: wings.id, quantity: 1, size: 'm', type: 'boneless', toppingIds: [bbqDip.id] },
    ],
    [
      'a shake keeps the flavours in the order written (the first is charged)',
      specItem(shake.id, { topping: 'Oreo, Vanilla' }),
      { productId: shake.id, quantity: 1, size: 's', toppingIds: [oreo.id, vanilla.id] },
    ],
    [
      'a drink with the spec defaults deep_pan and normal: both dropped',
      specItem(cokeCan.id),
      { productId: cokeCan.id, quantity: 1, size: 's' },
    ],
    [
      'empty or null size, crust, type and topping: the product’s defaults',
      specItem(chips.id, { size: '', crust: null, type: '', topping: null }),
      { productId: chips.id, quantity: 1 },
    ],
    [
      'a pizza without crust prices: deep_pan dropped',
      specItem(hawaiian.id, { size: 'm' }),
      { productId: hawaiian.id, quantity: 1, size: 'm' },
    ],
    [
      'a deal with its choices (the deal field, an addition)',
      specItem(anyTwoLarge.id, {
        size: 'l',
        deal: {
          items: [
            { slot: 0, productId: margherita.id },
            { slot: 0, productId: pepperoni.id },
          ],
        },
      }),
      {
        productId: anyTwoLarge.id,
        quantity: 1,
        size: 'l',
        crust: 'deep_pan',
        deal: {
          items: [
            { slot: 0, productId: margherita.id },
            { slot: 0, productId: pepperoni.id },
          ],
        },
      },
    ],
    ['only the product id and quantity', { id: margherita.id, quantity: 2 }, { productId: margherita.id, quantity: 2 }],
  ])('%s', (_label, item, line) => {
    expect(mapped(item)).toEqual(line);
  });

  it.each<[string, SpecOrderItemInput, string, string]>([
    [
      'an unknown product id',
      specItem(MISSING_ID),
      'UNKNOWN_PRODUCT',
      `This item is no longer available: no product on the menu has the id ${MISSING_ID}`,
    ],
    [
      'a topping name that does not exist',
      specItem(margherita.id, { topping: 'Mushroom, Pineapplez' }),
      'UNKNOWN_TOPPING',
      'There is no topping called "Pineapplez" for "Margherita"',
    ],
    [
      'a topping of another kind (a dip on a pizza)',
      specItem(margherita.id, { topping: 'BBQ Dip' }),
      'TOPPING_NOT_ALLOWED',
      '"BBQ Dip" cannot be added to "Margherita"',
    ],
    [
      'a topping on a product that takes none',
      specItem(cokeCan.id, { topping: 'Mushroom' }),
      'TOPPING_NOT_ALLOWED',
      'Toppings cannot be added to "Coca-Cola Can"',
    ],
    ['a deal without its choices', specItem(anyTwoLarge.id, { size: 'l' }), 'DEAL_INCOMPLETE', DEAL_INCOMPLETE],
    ['a deal with an empty choice list', specItem(singlePack.id, { deal: { items: [] } }), 'DEAL_INCOMPLETE', DEAL_INCOMPLETE],
    [
      '21 toppings',
      specItem(margherita.id, { size: 'l', topping: Array.from({ length: 21 }, () => 'Olives').join(', ') }),
      'TOO_MANY_TOPPINGS',
      'Choose at most 20 toppings',
    ],
  ])('refuses %s', (_label, item, code, message) => {
    expect(refusal(item)).toEqual({ code, message });
  });

  it('a name containing a comma is found whole; same-named toppings: the exact spelling, else the menu’s first', () => {
    const saltAndVinegar: PricedTopping = { id: 'c'.repeat(24), name: 'Salt, Vinegar', category: 'Dips', price: 30 };
    const bbqAgain: PricedTopping = { id: 'd'.repeat(24), name: 'bbq dip', category: 'Dips', price: 999 };
    const pizzaBbq: PricedTopping = { id: 'e'.repeat(24), name: 'Garlic Dip', category: 'Pizza', price: 999 };
    const catalogue: PricingCatalogue = {
      products: testCatalogue.products,
      toppings: new Map([...testCatalogue.toppings, ...[saltAndVinegar, bbqAgain, pizzaBbq].map((t) => [t.id, t] as const)]),
    };
    expect(toppingIdsFromNames(chips, 'Salt, Vinegar, Garlic Dip', catalogue)).toEqual([saltAndVinegar.id, garlicDip.id]);
    expect(toppingIdsFromNames(chips, 'bbq dip', catalogue)).toEqual([bbqAgain.id]);
    expect(toppingIdsFromNames(chips, 'BBQ Dip', catalogue)).toEqual([bbqDip.id]);
    expect(toppingIdsFromNames(chips, 'BBQ DIP', catalogue)).toEqual([bbqDip.id]);
  });

  it('a duplicate name goes to the pricing rules, which refuse it by name', () => {
    const line = mapped(specItem(margherita.id, { topping: 'Mushroom, mushroom' }));
    expect(() => quoteCart([line], testCatalogue)).toThrow('"Mushroom" is chosen twice for "Margherita"');
  });

  it('a crust or type other than the default on a product without the choice is left for the pricing rules to refuse', () => {
    const crusted = mapped(specItem(cokeCan.id, { crust: 'stuffed_crust' }));
    expect(() => quoteCart([crusted], testCatalogue)).toThrow('"Coca-Cola Can" has no crust choice');
    const typed = mapped(specItem(chips.id, { type: 'boneless' }));
    expect(() => quoteCart([typed], testCatalogue)).toThrow('"Chips" has no type choice');
  });

  it('the client’s prices play no part: the same item at any claimed price costs the menu’s price', () => {
    const honest = quoteCart(
      [mapped(specItem(margherita.id, { size: 'l', topping: 'Mushroom', totalQuantityPrice: 14.49, toppingsPrice: 0.5 }))],
      testCatalogue,
    );
    const cheeky = quoteCart(
      [mapped(specItem(margherita.id, { size: 'l', topping: 'Mushroom', totalQuantityPrice: '0.01', toppingsPrice: -5 }))],
      testCatalogue,
    );
    expect(honest.total).toBe(1399 + 50);
    expect(cheeky.total).toBe(honest.total);
  });
});

describe('specOrderItemSchema: the shape, before the menu is read', () => {
  it.each<[string, unknown]>([
    ['a quantity of 0', specItem(margherita.id, { quantity: 0 })],
    ['a negative quantity', specItem(margherita.id, { quantity: -2 })],
    ['a fractional quantity', specItem(margherita.id, { quantity: 1.5 })],
    ['a huge quantity', specItem(margherita.id, { quantity: 1e9 })],
    ['a quantity as text', { ...specItem(margherita.id), quantity: '2' }],
    ['a size the spec does not spell (large)', { ...specItem(margherita.id), size: 'large' }],
    ['a size in capitals', { ...specItem(margherita.id), size: 'L' }],
    ['a crust spelled with a space', { ...specItem(margherita.id), crust: 'thin crust' }],
    ['a type the spec does not name', { ...specItem(wings.id), type: 'spicy' }],
    ['a malformed id', specItem('12345')],
    ['no id', { quantity: 1 }],
    ['a field the spec does not name (a client price)', { ...specItem(margherita.id), price: 0.01 }],
    ['a topping list that is not text', { ...specItem(margherita.id), topping: ['Mushroom'] }],
  ])('refuses %s', (_label, item) => {
    expect(specOrderItemSchema.safeParse(item).success).toBe(false);
  });

  it('names the field that is wrong, with its index', () => {
    const result = orderItemsSchema.safeParse([
      { productId: margherita.id, quantity: 1 },
      { ...specItem(margherita.id), size: 'huge', quantity: 0 },
    ]);
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toEqual([
      '1.quantity: Quantity must be a whole number from 1 to 99',
      '1.size: Size must be one of s, m, l, xl (or empty)',
    ]);
  });

  it('an item with a productId is a cart line, strict as ever; any other item is a spec item', () => {
    const items = orderItemsSchema.parse([
      { productId: margherita.id, quantity: 1, toppingIds: [mushroom.id] },
      specItem(bbqDipPot.id, { crust: '', type: null }),
    ]);
    expect(items[0]).toEqual({ productId: margherita.id, quantity: 1, toppingIds: [mushroom.id] });
    expect(toCartLines(items, testCatalogue)).toEqual([
      { productId: margherita.id, quantity: 1, toppingIds: [mushroom.id] },
      { productId: bbqDipPot.id, quantity: 1, size: 's' },
    ]);
    expect(orderItemsSchema.safeParse([{ productId: margherita.id, quantity: 1, topping: 'Mushroom' }]).success).toBe(false);
  });

  it('toCartLines says which item it refused', () => {
    const items = orderItemsSchema.parse([specItem(margherita.id), specItem(margherita.id, { topping: 'Nope' })]);
    try {
      toCartLines(items, testCatalogue);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PricingError);
      expect((error as PricingError).lineIndex).toBe(1);
    }
  });
});

describe('toppingIdsFromNames on long texts', () => {
  it('reads a text of the longest length: empty parts skipped, the first unknown name refused by name', () => {
    expect(toppingIdsFromNames(margherita, `${','.repeat(1993)}Olives`, testCatalogue)).toEqual([olives.id]);
    const unknown = Array.from({ length: 20 }, () => 'x'.repeat(99)).join(',');
    expect(() => toppingIdsFromNames(margherita, unknown, testCatalogue)).toThrow(
      `There is no topping called "${'x'.repeat(99)}" for "Margherita"`,
    );
  });
});
