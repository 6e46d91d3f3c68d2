import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffCustomer } from '@shop/shared/contract/staff-orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok, refuse } from '../../../test/fake-api';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, categoryWire, productWire, sessionAnswer, wireId } from '../../../test/wire-fixtures';
import { cartStore } from '../../lib/cart-store';
import { closeRealtime } from '../../lib/realtime';
import { paths } from '../../lib/paths';
import { NewOrderPage } from './new-order-page';

// New order (decision 1500): the storefront's menu adds to the screen's own basket, priced by the cart's quote; the
// caller is found by their number; the order goes to POST /api/staff/orders with a key kept for retries; a refusal
// shows beside what it is about and nothing typed is lost.

afterEach(() => closeRealtime());

const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.49,
  mediumDiscount: 9.99,
  largeDiscount: 12.99,
  extraLargeDiscount: 14.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});
const garlicBread = productWire({ title: 'Garlic Bread', category: 'Sides', regularDiscount: 3.49 });
const saved = addressWire({ address: '12 Analytical Row', city: 'Bristol', postcode: 'BS1 4DJ', phone: '+447700900123' });
const ada: StaffCustomer = {
  userId: wireId(),
  name: 'Ada Lovelace',
  phone: '+447700900123',
  email: 'ada@example.com',
  addresses: [saved],
  lastOrders: [
    {
      _id: wireId(),
      createdAt: '2026-11-11T18:00:00.000Z',
      date: '11/11/2026',
      time: '18:00',
      status: 'Delivered Order',
      fulfilment: 'delivery',
      totalPrice: 18.47,
      summary: '2 × Margherita, Cola',
      lines: [
        { productId: margherita._id, quantity: 2, size: 's', crust: 'deep_pan' },
        { productId: wireId(), quantity: 1 },
      ],
      addressId: saved._id,
      address: null,
    },
  ],
};

function shop() {
  return fakeApi({
    'GET /session': sessionAnswer('counter@example.com', 'counter', 'Cas Counter'),
    'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Sides', 2)]),
    'GET /allproduts': ok([margherita, garlicBread]),
    'GET /ingredients': ok([]),
    'GET /banner': ok([]),
    'POST /cart/quote': (request, params) => {
      // A delivery's fee counts in toPay, as the server's quote has it.
      const answer = cartQuoteRoute([margherita, garlicBread], [], () => 250)(request, params);
      const { postcode } = request.body as { postcode?: string };
      if (!postcode || answer instanceof Promise || answer.status !== 200) return answer;
      return ok({
        ...(answer.body as object),
        delivery: { delivers: true, postcode, zone: 'BS1', fee: 2.5, minimumOrder: 10, message: null },
      });
    },
    'GET /order-slots': ok({ asap: true, quoteMinutes: 45, slots: [{ at: '2026-11-18T19:30:00.000Z', label: 'Wed 19:30' }] }),
    'GET /staff/customers': (request) => ok({ customers: request.query.get('phone') === '+447700900123' ? [ada] : [] }),
  });
}

describe('New order', () => {
  it('adds from the storefront’s cards to its own basket, priced by the cart’s quote, and leaves the customer’s cart alone', async () => {
    const api = shop();
    const { user } = renderWithProviders(<NewOrderPage />, { at: paths.newOrder });
    await user.click(await screen.findByRole('button', { name: 'Pizza' }));
    // The option card comes in once its code has loaded (the menu's own lazy card).
    await user.click(await screen.findByRole('radio', { name: /^Large/ }));
    const card = screen.getByRole('article', { name: 'Margherita' });
    await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
    await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByTestId('basket-total')).toHaveTextContent('£25.98');
    expect(screen.getByLabelText('Quantity of Margherita')).toHaveTextContent('2');
    expect(cartStore.getSnapshot()).toEqual([]);
    expect(api.sent('POST /cart/quote').at(-1)?.body).toEqual({
      items: [{ productId: margherita._id, quantity: 2, size: 'l', crust: 'deep_pan' }],
      fulfilment: 'collection',
      channel: 'counter',
    });
  });

  it('finds the caller by any spelling, picks them, and repeats an order at today’s prices, naming what is gone', async () => {
    const api = shop();
    const { user } = renderWithProviders(<NewOrderPage />, { at: paths.newOrder });
    await fill(user, await screen.findByRole('textbox', { name: 'Phone' }), '447700900123');
    const match = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(api.sent('GET /staff/customers').at(-1)?.query.get('phone')).toBe('+447700900123');
    expect(match).toHaveTextContent('12 Analytical Row, Bristol, BS1 4DJ');
    expect(match).toHaveTextContent('11/11/2026 · 2 × Margherita, Cola · £18.47');
    // A number typed first: a phone order, for delivery.
    expect(screen.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Delivery' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(match).getByRole('button', { name: /^Repeat this order/ }));
    expect(
      await screen.findByText('Added the order of 11/11/2026 at today’s prices. Not added: Cola (no longer on the menu).'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('07700 900123');
    expect(screen.getByRole('radio', { name: '12 Analytical Row, Bristol, BS1 4DJ' })).toBeChecked();
    expect(screen.getByLabelText('Quantity of Margherita')).toHaveTextContent('2');
    expect(await screen.findByTestId('delivery-check')).toHaveTextContent('Delivers to BS1 4DJ: £2.50 delivery, minimum order £10.00.');
    expect(screen.getByTestId('basket-total')).toHaveTextContent('£17.48');
  });

  it('a new caller: nobody found, their name typed; a refusal shows at what it is about and the retry sends the same key', async () => {
    const api = shop();
    let tries = 0;
    api.on('POST /staff/orders', () => {
      tries += 1;
      if (tries === 1) return refuse('SHOP_CLOSED', 'The shop is closed now. Order for later.');
      return ok(
        {
          insertedId: '65a1b2c3d4e5f60718293a4b',
          trackingUrl: '/track/abcdefghijklmnopqrstuv',
          paymentUrl: '/track/abcdefghijklmnopqrstuv',
          linkSentTo: null,
          linkError: 'Texts are not set up.',
        },
        201,
      );
    });
    const { user } = renderWithProviders(<NewOrderPage />, { at: paths.newOrder });
    await fill(user, await screen.findByRole('textbox', { name: 'Phone' }), '07700 900999');
    expect(await screen.findByTestId('new-caller')).toHaveTextContent('New caller: nobody has ordered with 07700 900999.');
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Bob Caller');
    await user.click(await screen.findByRole('button', { name: 'Pizza' }));
    await screen.findByRole('radio', { name: /^Large/ });
    await user.click(within(screen.getByRole('article', { name: 'Margherita' })).getByRole('button', { name: 'Add to cart' }));
    await user.click(screen.getByRole('button', { name: 'Collection' }));
    await user.click(screen.getByRole('radio', { name: /^Payment link/ }));
    await fill(user, screen.getByRole('textbox', { name: 'Any allergies we should know about?' }), 'Peanuts');
    await user.click(await screen.findByRole('button', { name: /^Place order · £7.49$/ }));

    expect(await screen.findByTestId('when-problem')).toHaveTextContent('The shop is closed now. Order for later.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Bob Caller');
    expect(screen.getByRole('textbox', { name: 'Any allergies we should know about?' })).toHaveValue('Peanuts');
    await user.click(screen.getByRole('button', { name: /^Place order/ }));

    const placed = await screen.findByTestId('order-placed');
    expect(placed).toHaveTextContent(`Order ${displayOrderId('65a1b2c3d4e5f60718293a4b')} placed`);
    expect(within(placed).getByTestId('tracking-link')).toHaveTextContent('/track/abcdefghijklmnopqrstuv');
    expect(within(placed).getByTestId('link-error')).toHaveTextContent('Texts are not set up. Read it to the customer:');
    const [first, second] = api.sent('POST /staff/orders');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(first?.body).toEqual({
      channel: 'phone',
      customer: { name: 'Bob Caller', phone: '07700 900999' },
      fulfilment: 'collection',
      items: [{ productId: margherita._id, quantity: 1, size: 's', crust: 'deep_pan' }],
      payment: 'payment-link',
      sendLinkBy: 'sms',
      note: '',
      allergyNote: 'Peanuts',
    });

    // The next order starts empty.
    await user.click(within(placed).getByRole('button', { name: 'Take another order' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(''));
    expect(screen.queryByTestId('basket-line')).toBeNull();
  });

  it('applies a caller’s promo code: its line and the total from the quote, a refused one’s reason, the code sent with the order', async () => {
    const api = shop();
    const quote = cartQuoteRoute([margherita, garlicBread]);
    api.on('POST /cart/quote', async (request, params) => {
      const answer = await quote(request, params);
      const body = answer.body as { toPay: number };
      const code = (request.body as { promoCode?: string }).promoCode?.toUpperCase();
      if (code === 'PHONE10')
        return ok({
          ...body,
          discounts: [{ source: 'promotion', label: 'PHONE10: 10% off', amount: 0.75, code }],
          discount: 0.75,
          promo: { code, applied: true, reason: null },
          toPay: Math.round((body.toPay - 0.75) * 100) / 100,
        });
      return code ? ok({ ...body, promo: { code, applied: false, reason: 'This code is for website orders' } }) : answer;
    });
    api.on('POST /staff/orders', () =>
      ok(
        {
          insertedId: '65a1b2c3d4e5f60718293a4b',
          trackingUrl: '/track/abcdefghijklmnopqrstuv',
          paymentUrl: null,
          linkSentTo: null,
          linkError: null,
        },
        201,
      ),
    );
    const { user } = renderWithProviders(<NewOrderPage />, { at: paths.newOrder });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Walk In');
    await fill(user, screen.getByRole('textbox', { name: 'Phone' }), '07700 900555');
    await user.click(await screen.findByRole('button', { name: 'Pizza' }));
    await screen.findByRole('radio', { name: /^Large/ });
    await user.click(within(screen.getByRole('article', { name: 'Margherita' })).getByRole('button', { name: 'Add to cart' }));
    await user.click(screen.getByRole('button', { name: 'Collection' }));
    const promo = screen.getByRole('region', { name: 'Promo code' });

    await fill(user, within(promo).getByRole('textbox', { name: 'Promo code' }), 'webonly');
    await user.click(within(promo).getByRole('button', { name: 'Apply' }));
    expect(await within(promo).findByText('This code is for website orders')).toBeVisible();
    await user.click(within(promo).getByRole('button', { name: 'Remove' }));

    await fill(user, within(promo).getByRole('textbox', { name: 'Promo code' }), 'phone10');
    await user.click(within(promo).getByRole('button', { name: 'Apply' }));
    expect(await within(promo).findByTestId('promo-outcome')).toHaveTextContent('PHONE10: 10% off: −£0.75');
    expect(screen.getByTestId('basket-discount')).toHaveTextContent('PHONE10: 10% off−£0.75');
    expect(screen.getByTestId('basket-total')).toHaveTextContent('£6.74');
    expect(api.sent('POST /cart/quote').at(-1)?.body).toMatchObject({ channel: 'phone', fulfilment: 'collection', promoCode: 'phone10' });

    await user.click(screen.getByRole('button', { name: /^Place order · £6.74$/ }));
    await screen.findByTestId('order-placed');
    expect(api.sent('POST /staff/orders')[0]?.body).toMatchObject({ promoCode: 'phone10' });
  });

  it('a 400 naming fields shows each at its field', async () => {
    const api = shop();
    api.on('POST /staff/orders', refuse('VALIDATION_FAILED', 'customer.name: Your name is required; address: A delivery needs an address'));
    const { user } = renderWithProviders(<NewOrderPage />, { at: paths.newOrder });
    await user.click(await screen.findByRole('button', { name: 'Delivery' }));
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    expect(await screen.findByText('Your name is required')).toBeVisible();
    expect(screen.getByTestId('address-problem')).toHaveTextContent('A delivery needs an address');
  });
});
