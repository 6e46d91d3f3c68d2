// Bounded admin input (issue 19 point 5; docs/security.md, "Bad input and tampering"). A deal slot's `extraEach` of
// 2^53 − 1 made the public POST /api/cart/quote answer 500, and a 3 MB slot label made every visitor's menu 3 MB.
// Every number and text an admin sets now has a bound the menu and the pricing can afford: here the writes over them
// are refused, and the largest the admin may write still prices correctly and keeps the menu small.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_SLOT_LABEL_MAX_LENGTH, DEAL_SLOT_MAX_CATEGORIES, MAX_DEAL_SLOTS } from '@shop/shared/domain/catalogue';
import { MAX_PRICE_PENCE } from '@shop/shared/domain/money';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@shop/shared/contract/catalogue';
import { MAX_CART_LINES } from '@shop/shared/contract/cart';
import { MAX_QUANTITY } from '@shop/shared/domain/pricing';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, cashOrder, loadMenu, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

/** A deal of one side slot: `count` sides included, up to `max`, each beyond `count` charged `extraEach` pence. */
function sideDeal(title: string, slot: Record<string, unknown>, price: number | string = 9.99) {
  return {
    title,
    category: 'Deals',
    regularDiscount: price,
    dealSlots: [{ kind: 'side', label: 'Choose your sides', categories: ['Sides'], count: 1, max: 20, ...slot }],
  };
}

describe.each(testDatabases())('bounded admin input on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let customer: SignedIn;
  let menu: Menu;
  let unique = 0;
  const name = (what: string) => `${what} ${++unique}`;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    admin = await signInAs(server, { role: 'owner' });
    customer = await signInAs(server);
    menu = await loadMenu(server);
  });
  afterAll(async () => server?.close());

  /** The menu as a visitor downloads it. */
  const menuText = async () => JSON.stringify((await call(server, 'GET', '/allproduts', null)).body);

  it('refuses a deal slot’s extraEach over £1000.00, 2^53 − 1 included, with 400 naming it; £1000.00 itself is taken', async () => {
    const before = await menuText();
    for (const extraEach of [2 ** 53 - 1, 2 ** 31, MAX_PRICE_PENCE + 1]) {
      for (const dealSlots of ['json', 'text'] as const) {
        const body = sideDeal(name('Whale'), { extraEach });
        const sent = dealSlots === 'json' ? body : { ...body, dealSlots: JSON.stringify(body.dealSlots) };
        const answer = await call(server, 'POST', '/allproduts', admin, sent);
        expect({ extraEach, status: answer.status, message: answer.body.message }).toEqual({
          extraEach,
          status: 400,
          message: 'dealSlots.0.extraEach: extraEach is pence, at most 100000 (£1000.00)',
        });
      }
    }
    expect(await menuText()).toBe(before);
    const taken = await call(server, 'POST', '/allproduts', admin, sideDeal(name('Dear deal'), { extraEach: MAX_PRICE_PENCE }));
    expect(taken.status).toBe(201);
    await call(server, 'DELETE', `/allproduts/${taken.body.insertedId}`, admin);
  });

  it('refuses a 3 MB slot label, a label over 80 characters, over 20 categories and repeated sizes; the menu stays as it was', async () => {
    const before = await menuText();
    const refused: Array<[string, Record<string, unknown>, string]> = [
      [
        'a 3 MB label',
        { label: 'x'.repeat(3_000_000) },
        `dealSlots.0.label: A slot's label is at most ${DEAL_SLOT_LABEL_MAX_LENGTH} characters`,
      ],
      [
        'an 81-character label',
        { label: 'x'.repeat(81) },
        `dealSlots.0.label: A slot's label is at most ${DEAL_SLOT_LABEL_MAX_LENGTH} characters`,
      ],
      [
        '21 categories',
        { categories: Array.from({ length: 21 }, () => 'Sides') },
        `dealSlots.0.categories: A slot draws from at most ${DEAL_SLOT_MAX_CATEGORIES} categories`,
      ],
      ['an 81-character category', { categories: ['x'.repeat(81)] }, 'dealSlots.0.categories.0: A category name is at most 80 characters'],
      ['five sizes (of four)', { kind: 'pizza', categories: ['Pizza'], sizes: ['s', 's', 's', 's', 's'] }, 'dealSlots.0.sizes: Too big'],
      [
        'four drink kinds (of three)',
        { kind: 'drink', categories: ['Drinks'], drinkKinds: ['can', 'can', 'can', 'can'] },
        'dealSlots.0.drinkKinds: Too big',
      ],
    ];
    for (const [what, slot, message] of refused) {
      const answer = await call(server, 'POST', '/allproduts', admin, sideDeal(name('Big'), slot));
      expect({ what, status: answer.status }).toEqual({ what, status: 400 });
      expect(answer.body.message, what).toContain(message);
    }
    // Sent as the text of a form field, a 3 MB label is refused by the text's length before it is parsed.
    const asText = await call(server, 'POST', '/allproduts', admin, {
      ...sideDeal(name('Big'), {}),
      dealSlots: JSON.stringify([{ kind: 'side', label: 'x'.repeat(3_000_000), categories: ['Sides'], count: 1 }]),
    });
    expect({ status: asText.status, message: asText.body.message }).toEqual({
      status: 400,
      message: 'dealSlots must be at most 65536 characters of JSON',
    });
    expect(await menuText()).toBe(before);
  });

  it('prices the largest deal an admin may write correctly: 50 lines of 99, each with 19 extras at £1000.00, is £99,000,000.00', async () => {
    const created = await call(
      server,
      'POST',
      '/allproduts',
      admin,
      sideDeal(name('Largest'), { count: 1, max: 20, extraEach: MAX_PRICE_PENCE }, MAX_PRICE_PENCE / 100),
    );
    expect(created.status).toBe(201);
    const productId = created.body.insertedId as string;
    const line = {
      productId,
      quantity: MAX_QUANTITY,
      deal: { items: Array.from({ length: 20 }, () => ({ slot: 0, productId: menu.product('Garlic Bread') })) },
    };
    const quote = await call(server, 'POST', '/cart/quote', null, { items: Array.from({ length: MAX_CART_LINES }, () => line) });
    // Each deal: £1000.00 and 19 sides beyond the one included at £1000.00 each: £20,000.00; × 99 × 50 lines.
    expect({ status: quote.status, total: quote.body.total, line: quote.body.items?.[0]?.price }).toEqual({
      status: 200,
      total: 99_000_000,
      line: 20_000,
    });
    // An order of it is refused as over the online maximum, not failed.
    const addressId = await addAddress(server, customer);
    const order = await call(server, 'POST', '/buy-product', customer, cashOrder([line], addressId));
    expect({ status: order.status, code: order.body.code }).toEqual({ status: 422, code: 'ORDER_TOO_LARGE' });
    await call(server, 'DELETE', `/allproduts/${productId}`, admin);
  });

  it('keeps the largest product an admin may write under 32 KB of every visitor’s menu', async () => {
    const text = (length: number) => 'x'.repeat(length);
    const slot = {
      kind: 'pizza',
      label: text(DEAL_SLOT_LABEL_MAX_LENGTH),
      categories: Array.from({ length: DEAL_SLOT_MAX_CATEGORIES }, () => text(80)),
      count: 20,
      max: 20,
      sizes: ['s', 'm', 'l', 'xl'],
      drinkKinds: ['can', 'bottle', 'water'],
      extraEach: MAX_PRICE_PENCE,
    };
    const created = await call(server, 'POST', '/allproduts', admin, {
      title: name(text(MAX_NAME_LENGTH - 4)),
      category: 'Deals',
      description: text(MAX_DESCRIPTION_LENGTH),
      regularDiscount: 1000,
      mediumDiscount: 1000,
      largeDiscount: 1000,
      extraLargeDiscount: 1000,
      dealSlots: Array.from({ length: MAX_DEAL_SLOTS }, () => slot),
    });
    expect(created.status).toBe(201);
    const product = await call(server, 'GET', `/allproduts/${created.body.insertedId}`, null);
    expect(product.body.dealSlots).toHaveLength(MAX_DEAL_SLOTS);
    const { file: _file, ...asListed } = product.body as Record<string, unknown>;
    expect(JSON.stringify(asListed).length).toBeLessThan(32 * 1024);
    await call(server, 'DELETE', `/allproduts/${created.body.insertedId}`, admin);
  });
});
