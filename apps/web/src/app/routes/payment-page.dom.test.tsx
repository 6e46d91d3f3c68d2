import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { cartStore } from '../../lib/cart-store';
import { NO_ADDRESS_REASON } from '../../features/checkout/lib/payment-checks';
import { deferred, fakeApi, ok, refuse, type FakeHandler } from '../../../test/fake-api';
import { sentByClients } from '../../../test/fake-socket';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

const EMAIL = 'ada@example.co.uk';
const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.99,
  mediumDiscount: 10.99,
  largeDiscount: 13.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});
const wings = productWire({ title: 'BBQ Wings', category: 'Wings', regularDiscount: 5.99, mediumDiscount: 8.99, normal: 0, boneless: 1 });
const chips = productWire({ title: 'Chunky Chips', category: 'Sides', regularDiscount: 2.99 });
const home = addressWire({ Email: EMAIL });

/** 2 × medium Margherita with stuffed crust (£12.99 each) and 1 × 10 BBQ Wings boneless (£9.99): £35.97. */
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  {
    line: { productId: margherita._id, quantity: 2, size: 'm', crust: 'stuffed_crust' },
    display: { title: 'Margherita', imageUrl: null, category: 'Pizza' },
  },
  {
    line: { productId: wings._id, quantity: 1, size: 'm', type: 'boneless' },
    display: { title: 'BBQ Wings', imageUrl: null, category: 'Wings' },
  },
];

/** Friday 27 November 2026, 19:00 in London: the shop takes orders. */
const OPEN = orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS);

function openCheckout({
  addresses = [home],
  cart = BASKET,
  routes = {},
}: { addresses?: unknown[]; cart?: typeof BASKET; routes?: Record<string, FakeHandler | ReturnType<typeof ok>> } = {}) {
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': (request, params) => (params.email === EMAIL ? ok(addresses) : refuse('FORBIDDEN', 'Not yours')),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /opening-status': ok(OPEN),
    'POST /cart/quote': cartQuoteRoute([margherita, wings, chips]),
    ...routes,
  });
  const rendered = renderWithProviders(<PaymentPage />, {
    at: '/payment',
    cart,
    routes: { '/notification': <h1>Notifications</h1> },
  });
  return { api, ...rendered };
}

async function chooseCash(user: ReturnType<typeof openCheckout>['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Cash On Delivery' }));
}

describe('the payment screen', () => {
  it('shows the order as the server prices it, to the penny, and pays by card unless cash is chosen', async () => {
    const { user } = openCheckout();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(await within(summary).findByText('£35.97')).toBeVisible();
    expect(within(summary).getByText('2 × Margherita')).toBeVisible();
    expect(within(summary).getByText('£25.98')).toBeVisible();
    expect(within(summary).getByText('1 × BBQ Wings')).toBeVisible();
    expect(within(summary).getByText('£9.99')).toBeVisible();

    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay £35.97' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeVisible();

    await chooseCash(user);
    expect(screen.getByRole('button', { name: 'Place order £35.97' })).toBeEnabled();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('without an address, Pay and Place order are off and say why beside them, and nothing is sent', async () => {
    const { api, user } = openCheckout({ addresses: [] });
    expect(await screen.findByText('You have no saved address yet. Add one to order.')).toBeVisible();

    const pay = await screen.findByRole('button', { name: 'Pay £35.97' });
    await waitFor(() => expect(pay).toHaveAccessibleDescription(NO_ADDRESS_REASON));
    expect(pay).toBeDisabled();

    await chooseCash(user);
    const place = screen.getByRole('button', { name: 'Place order £35.97' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(NO_ADDRESS_REASON);
    expect(screen.getByText(NO_ADDRESS_REASON)).toBeVisible();

    expect(api.sent('POST /buy-product')).toEqual([]);
    expect(api.sent('POST /create-payment-intent')).toEqual([]);
  });

  it('under £10.00, Place order is off and says how much more to add', async () => {
    const { api, user } = openCheckout({
      cart: [{ line: { productId: chips._id, quantity: 2 }, display: { title: 'Chunky Chips', imageUrl: null, category: 'Sides' } }],
    });
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('order-total')).toHaveTextContent('£5.98');
    expect(within(summary).getByText('Minimum order amount is £10.00')).toBeVisible();
    await chooseCash(user);
    const place = screen.getByRole('button', { name: 'Place order £5.98' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('Add £4.02 more to reach the £10.00 minimum order.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST /buy-product')).toEqual([]);
  });

  it('puts the note and the allergy question in a section of their own, before the payment', async () => {
    openCheckout();
    const notes = await screen.findByRole('region', { name: 'Requests and allergies' });
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(notes).getByRole('textbox', { name: 'Note' })).toBeVisible();
    expect(within(notes).getByRole('textbox', { name: 'Any allergies we should know about?' })).toBeVisible();
    expect(within(payment).queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(within(payment).queryByRole('textbox', { name: 'Any allergies we should know about?' })).toBeNull();
    // Before it in the page's order.
    expect(notes.compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(payment).getByRole('radiogroup', { name: 'Payment' })).toBeVisible();
  });

  it('places a cash order after the confirm step: the button is disabled while it is placed, then the notifications open', async () => {
    const answer = deferred();
    const { api, user } = openCheckout({
      routes: {
        'POST /buy-product': async () => {
          await answer.promise;
          return ok({ insertedId: '65f0000000000000000000aa' }, 201);
        },
      },
    });
    await chooseCash(user);
    await fill(user, screen.getByRole('textbox', { name: 'Note' }), 'Ring the bell twice');
    await user.click(await screen.findByRole('button', { name: 'Place order £35.97' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(dialog).toHaveTextContent('You will pay £35.97 in cash when your order is delivered.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Confirm order/ })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const [placed] = api.sent('POST /buy-product');
    expect(placed?.body).toEqual({
      items: BASKET.map((entry) => entry.line),
      email: EMAIL,
      paymentType: 'Cash',
      status: 'Pending Order',
      addressId: home._id,
      note: 'Ring the bell twice',
    });
    expect(placed?.headers.get('Idempotency-Key')).toMatch(/\S{16,}/);

    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(window.location.pathname).toBe('/notification');
    expect(cartStore.getSnapshot()).toEqual([]);
    expect(sentByClients).toContainEqual({ event: 'order_confirmation', payload: { order_id: '65f0000000000000000000aa' } });
  });

  it('shows the server’s refusal of a cash order and keeps the cart', async () => {
    const { user } = openCheckout({
      routes: { 'POST /buy-product': refuse('SHOP_CLOSED', 'Sorry, we are not taking orders now. We open again at 14:00.') },
    });
    await chooseCash(user);
    await user.click(await screen.findByRole('button', { name: 'Place order £35.97' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm order' }));

    expect(await screen.findByText('Sorry, we are not taking orders now. We open again at 14:00.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your order' })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/payment');
    expect(cartStore.getSnapshot()).toHaveLength(2);
  });

  it('pays by card in test mode: opens the payment, confirms the card, and shows a decline in the form', async () => {
    const paying = deferred();
    let declines = 1;
    const { api, user } = openCheckout({
      routes: {
        'POST /create-payment-intent': ok({
          clientSecret: 'pi_test_1_secret',
          orderId: '65f0000000000000000000bb',
          provider: 'test',
          publishableKey: null,
          testMode: true,
          amount: 35.97,
        }),
        'POST /test-payments/confirm': async () => {
          await paying.promise;
          if (declines-- > 0) return refuse('CARD_DECLINED', 'Your card was declined.', 402);
          return ok({ status: 'succeeded', orderId: '65f0000000000000000000bb' });
        },
      },
    });
    await fill(user, await screen.findByRole('textbox', { name: 'Card number' }), '4000000000000002');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4000 0000 0000 0002');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(await screen.findByRole('button', { name: 'Pay £35.97' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Pay £35.97/ })).toBeDisabled());
    expect(api.sent('POST /create-payment-intent')[0]?.body).toEqual({
      items: BASKET.map((entry) => entry.line),
      addressId: home._id,
      note: '',
      price: 35.97,
    });
    paying.resolve();
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(await within(form).findByText('Your card was declined.')).toBeVisible();
    expect(window.location.pathname).toBe('/payment');
    expect(api.sent('POST /test-payments/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_test_1_secret',
      cardNumber: '4000 0000 0000 0002',
      exp: '12/30',
      cvc: '123',
    });

    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay £35.97' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(cartStore.getSnapshot()).toEqual([]);
  });
});
