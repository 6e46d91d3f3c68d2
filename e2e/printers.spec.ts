import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import {
  acceptInPopup,
  adminApi,
  newCustomer,
  placeCashOrder,
  popupOf,
  popupOrderShort,
  rejectWaitingOrders,
  signInAdminByForm,
} from './steps';

// Issue 24 (decision 1201), as the shop does it: the owner adds the kitchen's network printer on the Printers screen;
// a customer's order is accepted in the new-order popup and its ticket comes out of the printer, cut; Reprint on the
// order page prints it once more, once per click. The printer is simulated: a TCP server on 127.0.0.1 recording
// every byte the shop sends it, as a receipt printer on port 9100 takes them.
// The e2e database is shared by the run's spec files: the journey starts and ends with no printer set up, so no other
// journey's accepted order waits for a printer that has gone (and warns, ringing, on their pages).

/** ESC/POS's cut: GS V. */
const CUT = Buffer.from([0x1d, 0x56]);

interface SimulatedPrinter {
  port: number;
  /** Every byte received, over every connection, in order. */
  bytes(): Buffer;
  /** The cuts received: one per ticket copy. */
  cuts(): number;
  /** The tickets of the order numbered `short` ('#a3a19b' in big letters on each), each followed by a cut. */
  ticketsOf(short: string): number;
  close(): Promise<void>;
}

async function startPrinter(): Promise<SimulatedPrinter> {
  const chunks: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The shop closes its side once the ticket is sent: the printer closes its own, as network printers do.
    socket.on('end', () => socket.end());
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const bytes = () => Buffer.concat(chunks);
  return {
    port,
    bytes,
    cuts() {
      const all = bytes();
      let count = 0;
      for (let at = all.indexOf(CUT); at !== -1; at = all.indexOf(CUT, at + CUT.length)) count += 1;
      return count;
    },
    ticketsOf(short: string) {
      const all = bytes();
      const number = Buffer.from(`#${short}`, 'latin1');
      let count = 0;
      for (let at = all.indexOf(number); at !== -1; at = all.indexOf(number, at + number.length)) {
        if (all.indexOf(CUT, at) !== -1) count += 1;
      }
      return count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Deletes every printer (what an earlier run may have left, and this journey's own at the end). */
async function noPrinters(): Promise<void> {
  const admin = await adminApi();
  try {
    const answer = await admin.get('/api/printers');
    expect(answer.ok(), await answer.text()).toBe(true);
    const { printers } = (await answer.json()) as { printers: Array<{ id: string }> };
    for (const printer of printers) expect((await admin.delete(`/api/printers/${printer.id}`)).ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

/** The page never scrolls sideways. */
async function expectNoSideways(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the page is not wider than the window').toBeLessThanOrEqual(widths.client);
}

let printer: SimulatedPrinter;

test.beforeEach(async () => {
  await rejectWaitingOrders();
  await noPrinters();
  printer = await startPrinter();
});
test.afterEach(async () => {
  await noPrinters();
  await printer.close();
});

test('the owner adds the network printer; an accepted order prints on it, cut; Reprint prints it again, once per click', async ({
  page: admin,
  browser,
}) => {
  await signInAdminByForm(admin, '/printers');
  await expect(admin.getByRole('heading', { name: 'Printers', level: 1 })).toBeVisible();
  await expect(admin.getByText(/No printer is set up yet/)).toBeVisible();

  // The Printers screen, as the owner fills it in: a network printer, port 9100 offered, changed to the simulated one's.
  await admin.getByRole('button', { name: 'Add a printer' }).click();
  const form = admin.getByRole('dialog', { name: 'Add a printer' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Kitchen');
  await expect(form.getByRole('textbox', { name: 'Port' })).toHaveValue('9100');
  await form.getByRole('textbox', { name: 'Printer address' }).fill('127.0.0.1');
  await form.getByRole('textbox', { name: 'Port' }).fill(String(printer.port));
  await form.getByRole('button', { name: 'Add printer' }).click();
  await expect(form).toBeHidden();
  const card = admin.getByRole('listitem', { name: 'Kitchen' });
  await expect(card).toContainText(`Network printer 127.0.0.1:${printer.port} · 80 mm · 1 copy · Kitchen ticket`);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 844 });
    await expectNoSideways(admin);
  }

  // The test page reaches the printer, and the printer shows online.
  await card.getByRole('button', { name: 'Print test page' }).click();
  await expect.poll(() => printer.cuts(), { message: 'the test page is printed and cut', timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await expect(card.getByText('Online', { exact: true })).toBeVisible({ timeout: 15_000 });

  // A customer's order, accepted in the popup: its ticket prints by itself.
  const customer = await newCustomer(browser);
  const orderId = await placeCashOrder(customer.request, customer.addressId, 'Margherita', 2);
  await expect(popupOf(admin)).toBeVisible();
  const short = await popupOrderShort(admin);
  expect(orderId.endsWith(short)).toBe(true);
  await acceptInPopup(admin, 30);
  // Counted by the order's number: an order another journey left may be accepted meanwhile, and print too.
  await expect.poll(() => printer.ticketsOf(short), { message: 'the kitchen ticket is printed and cut', timeout: 15_000 }).toBe(1);
  const printed = printer.bytes().toString('latin1');
  expect(printed).toContain(short);
  expect(printed).toContain('Margherita');
  expect(printer.bytes().indexOf(CUT, printer.bytes().indexOf(short)), 'the ticket is cut after its number').toBeGreaterThan(-1);

  // The order page: the ticket as printed, its job printed, and Reprint.
  await admin.goto(`/allorders/${orderId}`);
  await expect(admin.getByRole('heading', { name: `Order ${short}`, level: 1 })).toBeVisible();
  // The text drawing spaces out the big letters: '#  a  3  a  1  9  b' for #a3a19b.
  await expect(admin.getByTestId('ticket-preview-text')).toContainText(short.split('').join('  '));
  await expect(admin.getByTestId('ticket-preview-text')).toContainText('2 x Margherita');
  await expect(admin.getByRole('img', { name: 'Kitchen ticket, 80 mm: the ticket as printed' })).toBeVisible();
  const jobs = admin.getByRole('list', { name: 'Print jobs' });
  await expect(jobs.getByRole('listitem')).toHaveCount(1);
  await expect(jobs.getByRole('listitem').first()).toContainText('Printed');
  await expect(jobs.getByRole('listitem').first()).toContainText('On accept');

  const reprint = admin.getByRole('button', { name: `Reprint order ${short}` });
  await reprint.click();
  await expect(admin.getByText('Sent to 1 printer')).toBeVisible();
  await expect.poll(() => printer.ticketsOf(short), { message: 'Reprint prints it a second time', timeout: 15_000 }).toBe(2);
  await expect(jobs.getByRole('listitem')).toHaveCount(2);
  await expect(jobs.getByRole('listitem').first()).toContainText('Reprint');
  await expect(jobs.getByRole('listitem').first()).toContainText('Printed', { timeout: 15_000 });

  // A double click is one click: one more ticket, not two.
  await reprint.dblclick();
  await expect.poll(() => printer.ticketsOf(short), { message: 'the double click prints once', timeout: 15_000 }).toBe(3);
  await expect(jobs.getByRole('listitem')).toHaveCount(3);
  await admin.waitForTimeout(3_000);
  expect(printer.ticketsOf(short), 'and nothing more comes').toBe(3);
});
