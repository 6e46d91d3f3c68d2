import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { ownShopTest } from './own-shop';
import { adminApi, newCustomer, productId, SHOP_TIME, signInAdminByForm, useShopClock } from './steps';

// The shop's own drivers (decisions 1700, 1702, 1703), three people at once: the dispatcher at the counter assigns a
// cash delivery to a driver; the driver, on a phone at 390 px sharing their position (Playwright's geolocation),
// picks it up, drives and hands it over, taking the cash; the customer watches the tracking page, which hears each of
// these as it happens: the run starting, the driver moving on the map, the delivery. Its own shop, so the journey
// can move the shop's clock between two positions (a jump in no time is not shown, decision 1700).

const SHOTS = '/tmp/shots-drivers';
mkdirSync(SHOTS, { recursive: true });

const test = ownShopTest('drivers', SHOP_TIME);

/** Two points in Bristol about 800 m apart: where the driver is when picking up, and a little later. */
const AT_THE_SHOP = { latitude: 51.4545, longitude: -2.5879 };
const ON_THE_ROAD = { latitude: 51.46, longitude: -2.58 };
/** The shop's map tiles: a URL the browsers never reach (each tile is answered in the test, below). */
const TILES = 'https://tiles.shop-e2e.example/{z}/{x}/{y}.png';
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(width);
}

test('a dispatcher assigns a cash delivery, the driver takes it out and hands it over, and the customer follows it live', async ({
  browser,
  page: dispatcher,
  shop,
}) => {
  test.setTimeout(180_000);
  const baseURL = shop.url;
  // The owner's API session, apart from the dispatcher's page, which signs in by the form.
  const admin = await adminApi(baseURL);

  // The owner sets the tracker's map, and invites Sam as a driver.
  const settings = await admin.put('/api/shop-settings', { data: { mapTileUrl: TILES, mapAttribution: '© Test tiles' } });
  expect(settings.ok(), await settings.text()).toBe(true);
  const samEmail = 'sam.driver@example.com';
  const invited = await admin.post('/api/staff', { data: { email: samEmail, name: 'Sam Carter', role: 'driver' } });
  expect(invited.status(), await invited.text()).toBe(201);
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await admin.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
      link = /\/staff-invite\/[\w-]+/.exec(mails.find((mail) => mail.to === samEmail)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // A customer orders a pizza for cash on delivery and keeps the tracking page open.
  const customer = await newCustomer(browser, baseURL);
  const placed = await customer.request.post('/api/buy-product', {
    data: {
      items: [{ productId: await productId(customer.request, 'Margherita'), quantity: 2 }],
      paymentType: 'Cash',
      addressId: customer.addressId,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId: orderId, trackingUrl } = (await placed.json()) as { insertedId: string; trackingUrl: string };
  const order = (await (await customer.request.get(`/api/buy-product/${orderId}`)).json()) as { totalPrice: number };
  const short = displayOrderId(orderId);
  const track = customer.page;
  await track
    .context()
    .route('https://tiles.shop-e2e.example/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: ONE_PIXEL_PNG }));
  await useShopClock(track);
  await track.goto(trackingUrl);
  await expect(track.getByRole('heading', { level: 1 })).toBeVisible();

  // The shop accepts it for 30 minutes: the tracker says so, with the time it happened.
  const accepted = await admin.put(`/api/update-sell-products/${orderId}`, { data: { status: 'Approved Order', readyInMinutes: 30 } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const progress = track.getByRole('list', { name: 'Delivery progress' });
  await expect(progress.getByRole('listitem').first()).toContainText('Accepted');
  await expect(progress.getByRole('listitem').first()).toContainText('18:00');

  // Sam joins by the mailed link on a phone that shares its position, and lands on the driver's page.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: AT_THE_SHOP,
    permissions: ['geolocation'],
  });
  const driver = await phone.newPage();
  await useShopClock(driver);
  /** The shop's clock and the browsers' move on together, `minutes` past the start. */
  const moveClocks = async (minutes: number) => {
    const at = new Date(SHOP_TIME.getTime() + minutes * 60_000);
    shop.config.shopTime = at;
    for (const page of [dispatcher, driver, track]) await page.clock.setFixedTime(at);
  };
  await driver.goto(link);
  await driver.getByLabel(/^Password/).fill('Driving-nights-2026');
  await driver.getByRole('button', { name: 'Join the team' }).click();
  await expect(driver).toHaveURL(/\/driver$/);
  await expect(driver.getByRole('heading', { level: 1, name: 'Sam Carter’s runs today' })).toBeVisible();

  // The dispatcher sees the delivery waiting and gives it to Sam.
  await signInAdminByForm(dispatcher, '/dispatch');
  const waiting = dispatcher.getByRole('article', { name: `Order ${short}` });
  await expect(waiting).toContainText(`CASH £${order.totalPrice.toFixed(2)}`);
  await waiting.getByLabel(`Driver for ${short}`).selectOption({ label: 'Sam Carter' });
  await waiting.getByRole('button', { name: 'Assign' }).click();
  const sam = dispatcher.getByRole('article', { name: 'Driver Sam Carter' });
  await expect(sam.getByRole('listitem', { name: `Stop 1: order ${short}` })).toBeVisible();
  await shoot(dispatcher, 'dispatch-1280');

  // Sam's phone shows the stop at once: the address to open in maps, the phone to call, and the cash to take.
  const stop = driver.getByRole('listitem', { name: `Stop 1: order ${short}` });
  await expect(stop).toContainText(`CASH DUE £${order.totalPrice.toFixed(2)}`);
  await expect(stop.getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\//);
  await expect(stop.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+44/);
  await shoot(driver, 'driver-stop-390');

  // Picked up: the run starts, and the customer sees it on its way, with the driver on the map.
  await stop.getByRole('button', { name: 'Picked up' }).click();
  await expect(stop).toContainText('Picked up 18:00');
  await expect(progress.getByRole('listitem').nth(2)).toContainText('On the way');
  await expect(progress.getByRole('listitem').nth(2)).toContainText('18:00');
  const delivery = track.getByRole('status', { name: 'Your delivery' });
  await expect(delivery).toContainText('You are the next stop');
  await expect(delivery).toContainText('Sam is bringing your order.');
  const map = track.getByRole('region', { name: 'Map of where your driver is' });
  await expect(map).toBeVisible();
  await expect(map).toContainText('© Test tiles');
  await expect(delivery).toContainText('Driver last seen at 18:00');
  // Where the map draws Sam: Leaflet places the marker by its position.
  const marker = map.getByTitle('Your driver');
  const before = await marker.getAttribute('style');
  await shoot(track, 'tracker-on-the-way');

  // Two minutes later Sam has driven on: the phone sends where it is, and the customer's map follows.
  await moveClocks(2);
  await phone.setGeolocation(ON_THE_ROAD);
  await expect(delivery).toContainText('Driver last seen at 18:02', { timeout: 30_000 });
  await expect.poll(() => marker.getAttribute('style')).not.toBe(before);

  // At the door: a photo of the delivery from the phone's camera, which only the shop sees.
  await stop.getByLabel('Photo of the door (optional)').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(stop.getByText('Photo sent to the shop')).toBeVisible();
  const photoLink = dispatcher.getByRole('link', { name: 'Photo of the delivery' });
  await expect(photoLink).toBeVisible();
  expect((await dispatcher.request.get((await photoLink.getAttribute('href')) ?? '')).headers()['content-type']).toBe('image/webp');

  // Delivered, with the cash taken; the customer sees it delivered, and nothing more of Sam.
  await moveClocks(9);
  await stop.getByRole('button', { name: 'Delivered' }).click();
  const cash = driver.getByRole('form', { name: `Cash for ${short}` });
  await expect(cash.getByLabel('Cash collected (£)')).toHaveValue(order.totalPrice.toFixed(2));
  await cash.getByRole('button', { name: 'Confirm delivered' }).click();
  // The run is done: it folds under today's finished runs, with the time and the cash taken.
  await driver.getByText('Finished today (1)').click();
  await expect(driver.getByText(`Delivered 18:09 · cash taken £${order.totalPrice.toFixed(2)}`)).toBeVisible();
  await shoot(driver, 'driver-finished-390');
  await expect(progress.getByRole('listitem').nth(3)).toContainText('18:09');
  await expect(track.getByRole('status', { name: 'Your delivery' })).toHaveCount(0);
  await expect(map).toHaveCount(0);
  await shoot(track, 'tracker-delivered');

  // The end of Sam's night at the counter: a £20 float out, the order's cash back, and the drawer balances.
  await dispatcher.goto('/cash-up?date=2026-11-18');
  const samsRow = dispatcher.getByRole('row').filter({ hasText: 'Sam Carter' });
  await expect(samsRow).toContainText(`£${order.totalPrice.toFixed(2)}`);
  await samsRow.getByRole('button', { name: 'Open shift' }).click();
  const opening = dispatcher.getByRole('form', { name: 'Open a shift' });
  await opening.getByLabel('Float (£)').fill('20');
  await opening.getByRole('button', { name: 'Open shift' }).click();
  await samsRow.getByRole('button', { name: 'Close shift' }).click();
  const closing = dispatcher.getByRole('form', { name: 'Close Sam Carter’s shift' });
  const back = (20 + order.totalPrice).toFixed(2);
  await expect(closing).toContainText(`Expected back: £${back}`);
  await closing.getByLabel('Cash handed in (£)').fill(back);
  await closing.getByRole('button', { name: 'Close shift' }).click();
  await expect(samsRow).toContainText('Closed');
  await expect(samsRow).toContainText('balanced');
  await shoot(dispatcher, 'cash-up-1280');
  await phone.close();
  await customer.page.context().close();
  await admin.dispose();
});
