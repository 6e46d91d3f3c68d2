// When tickets print and what they say (decision 1200): an order placed ahead's ticket is held until
// ticketLeadMinutes before its slot, one for as soon as possible prints at accept, a reprint says REPRINT, and a
// printer is online only while its last word was an answer. The printers' clock is the database's (real time), so
// the shop's clock is set in the real future to make the held ticket's moment lie ahead.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { printers, printJobs } from '../../db/schema';
import { call, placeCashOrder, startOrderingShop, type OrderingShop } from '../../../test/order-fixtures';
import { printedText, startTcpPrinter, type TcpPrinter } from '../../../test/tcp-printer';
import { until } from '../../../test/until';

describe('kitchen tickets: when they print and what they say', () => {
  let shop: OrderingShop;
  let printer: TcpPrinter;

  // A Wednesday a year on (GMT): the default hours open 12:00 to 23:15.
  const NOW = '2027-11-17T18:00:00Z';
  const SLOT = '2027-11-17T21:00:00Z';

  beforeEach(async () => {
    shop = await startOrderingShop('pglite', { SHOP_TIME: NOW });
    printer = await startTcpPrinter();
  });
  afterEach(async () => {
    await printer.close();
    await shop.server.close();
  });

  const api = (method: string, path: string, body?: unknown) => call(shop.server, method, path, shop.admin, body);
  const accept = async (orderId: string, extra: Record<string, unknown> = {}) => {
    const answer = await api('PUT', `/update-sell-products/${orderId}`, { status: 'Approved Order', ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const heldUntil = async (orderId: string) =>
    (
      await shop.server.app.db
        .select({ notBefore: printJobs.notBefore, reason: printJobs.reason })
        .from(printJobs)
        .where(eq(printJobs.orderId, orderId))
    ).map((job) => ({ reason: job.reason, notBefore: job.notBefore.toISOString() }));

  it('holds an order placed ahead until the lead time before its slot; prints one for as soon as possible at once; a reprint says REPRINT', async () => {
    expect(
      (await api('POST', '/printers', { name: 'Kitchen', connection: { kind: 'tcp', host: '127.0.0.1', port: printer.port } })).status,
    ).toBe(201);
    expect((await api('PUT', '/shop-settings', { ticketLeadMinutes: 45 })).status).toBe(200);

    const ahead = await placeCashOrder(shop, { scheduledFor: SLOT });
    // The minutes a hurried tap sends do not move the slot.
    await accept(ahead, { readyInMinutes: 20 });
    expect((await api('GET', `/buy-product/${ahead}`)).body).toMatchObject({
      status: 'Approved Order',
      expectedAt: '2027-11-17T21:00:00.000Z',
    });
    expect(await heldUntil(ahead)).toEqual([{ reason: 'accept', notBefore: '2027-11-17T20:15:00.000Z' }]);
    // Held back, it is not waiting yet.
    expect((await api('GET', '/printers')).body.printers[0].status).toMatchObject({ jobsWaiting: 0 });

    const asap = await placeCashOrder(shop);
    await accept(asap);
    await printer.waitForCuts(1);
    const printedFirst = printedText(printer.sessions[0] as Buffer);
    expect(printedFirst).toContain('Expected 18:');
    expect(printedFirst).not.toContain('REPRINT');
    const [asapJob] = await heldUntil(asap);
    expect(new Date(asapJob?.notBefore ?? '').getTime()).toBeLessThanOrEqual(Date.now());

    const reprint = await api('POST', `/orders/${asap}/print`, {});
    expect(reprint.status).toBe(202);
    expect(reprint.body.jobs[0]).toMatchObject({ reason: 'reprint' });
    await printer.waitForCuts(2);
    const reprinted = printer.sessions.map((bytes) => printedText(bytes)).find((text) => text.includes('REPRINT'));
    expect(reprinted?.indexOf('REPRINT')).toBeLessThan(reprinted?.indexOf('KITCHEN') ?? -1);
    // The order placed ahead is still held: two tickets in all.
    expect(printer.cuts()).toBe(2);
  });

  it('shows a printer online only while its last word was an answer, and offline with its error after a failure', async () => {
    const added = await api('POST', '/printers', { name: 'Kitchen', connection: { kind: 'tcp', host: '127.0.0.1', port: printer.port } });
    const orderId = await placeCashOrder(shop);
    await accept(orderId);
    await printer.waitForCuts(1);
    const online = await until(
      'the printer seen',
      async () => (await api('GET', '/printers')).body.printers[0].status,
      (status) => status.online === true,
    );
    expect(online).toMatchObject({ online: true, lastError: null });

    // It answered a moment ago, then failed: the failure is the latest word.
    await shop.server.app.db.update(printers).set({ lastError: 'connect ECONNREFUSED 127.0.0.1' }).where(eq(printers.id, added.body.id));
    expect((await api('GET', '/printers')).body.printers[0].status).toMatchObject({
      online: false,
      lastError: 'connect ECONNREFUSED 127.0.0.1',
    });
  });
});
