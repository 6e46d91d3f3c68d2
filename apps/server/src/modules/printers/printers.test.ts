// Issue 24 (decision 1200): kitchen tickets on receipt printers, over real HTTP on PGlite and PostgreSQL. A simulated
// network printer (a real TCP server recording the bytes) and a simulated Star CloudPRNT printer (polling the shop
// over HTTP as the protocol says); the ticket's text and the cut command are read back from the bytes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PRINT_JOB_LATE, PRINTER_IDENTIFIER_MAX, PRINTER_WORDS_MAX, PRINTERS_CHANGED } from '@shop/shared/contract/printers';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { newId } from '../../db/id';
import { orders, orderStatusHistory, printJobs } from '../../db/schema';
import { testDatabases } from '../../../test/harness';
import { call, placeCashOrder, startOrderingShop, type OrderingShop } from '../../../test/order-fixtures';
import { connectSocket } from '../../../test/socket-client';
import { CUT, printedText, startTcpPrinter, type TcpPrinter } from '../../../test/tcp-printer';
import { sweepMissedAcceptJobs } from './service';
import { until } from '../../../test/until';

const STARPRNT = 'application/vnd.star.starprnt';

describe.each(testDatabases())('receipt printers on %s', (kind) => {
  let shop: OrderingShop;
  let printer: TcpPrinter | undefined;

  beforeEach(async () => {
    shop = await startOrderingShop(kind);
  });
  afterEach(async () => {
    await printer?.close();
    printer = undefined;
    await shop.server.close();
  });

  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(shop.server, method, path, shop.admin, body, headers);
  const accept = async (orderId: string) => {
    const answer = await api('PUT', `/update-sell-products/${orderId}`, { status: 'Approved Order' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const jobsOf = async (orderId: string) => {
    const answer = await api('GET', `/orders/${orderId}/print-jobs`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.jobs as Array<{
      id: string;
      status: string;
      reason: string;
      kind: string;
      attempts: number;
      lastError: string | null;
    }>;
  };
  const addTcpPrinter = async (port: number, extra: Record<string, unknown> = {}) => {
    const added = await api('POST', '/printers', { name: 'Kitchen', connection: { kind: 'tcp', host: '127.0.0.1', port }, ...extra });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body as { id: string; status: Record<string, unknown> };
  };

  it('prints the kitchen ticket on a network printer when the order is accepted, and a reprint with an Idempotency-Key once', async () => {
    printer = await startTcpPrinter();
    const added = await addTcpPrinter(printer.port);
    expect(added).toMatchObject({
      name: 'Kitchen',
      connection: { kind: 'tcp', host: '127.0.0.1', port: printer.port },
      paperWidth: 80,
      copies: 1,
      tickets: { kitchen: true, customer: false },
      status: { online: false, lastSeenAt: null, jobsWaiting: 0, lastError: null, oldestWaitingAt: null },
    });
    const orderId = await placeCashOrder(shop, { allergyNote: 'Peanut allergy, no nuts', note: 'Ring the bell | twice' });
    // Not printed while it waits for the shop's answer.
    expect(await jobsOf(orderId)).toEqual([]);

    await accept(orderId);
    await printer.waitForCuts(1);
    const text = printer.text();
    expect(text).toContain(`#${displayOrderId(orderId)}`);
    expect(text).toContain('DELIVERY');
    // Double width on 80 mm: 23 characters a line, broken between words.
    expect(text).toContain('ALLERGY: Peanut');
    expect(text).toContain('allergy, no nuts');
    expect(text).toContain('Ring the bell | twice');
    expect(text).toMatch(/CASH DUE £\d+\.\d\d/);
    expect(text).toContain('KITCHEN');
    expect(text).not.toContain('CUSTOMER COPY');
    // The cut ends the ticket.
    const bytes = printer.sessions[0] as Buffer;
    expect(bytes.lastIndexOf(CUT)).toBeGreaterThan(bytes.lastIndexOf(Buffer.from('CASH DUE')));

    const jobs = await until(
      'the job printed',
      () => jobsOf(orderId),
      (list) => list[0]?.status === 'printed',
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ reason: 'accept', kind: 'kitchen', status: 'printed', attempts: 1, lastError: null });
    const listed = (await api('GET', '/printers')).body.printers[0];
    expect(listed.status).toMatchObject({ online: true, jobsWaiting: 0, lastError: null, oldestWaitingAt: null });
    expect(listed.status.lastSeenAt).not.toBeNull();

    // Reprint, sent twice with one key (a retry after a timeout): one more ticket, the same job ids answered.
    const headers = { 'idempotency-key': 'reprint-key-0001' };
    const first = await api('POST', `/orders/${orderId}/print`, {}, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const again = await api('POST', `/orders/${orderId}/print`, {}, headers);
    expect(again.status).toBe(202);
    expect(again.body.jobs.map((job: { id: string }) => job.id)).toEqual(first.body.jobs.map((job: { id: string }) => job.id));
    expect(first.body.jobs).toHaveLength(1);
    expect(first.body.jobs[0]).toMatchObject({ reason: 'reprint', kind: 'kitchen', printerName: 'Kitchen', orderId });
    await printer.waitForCuts(2);
    await until(
      'the reprint printed',
      () => jobsOf(orderId),
      (list) => list.every((job) => job.status === 'printed'),
    );
    // Another body under the same key is refused; without a key, each Reprint prints.
    expect((await api('POST', `/orders/${orderId}/print`, { kind: 'customer' }, headers)).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(printer.cuts()).toBe(2);
    expect((await jobsOf(orderId)).length).toBe(2);
  });

  it('prints the customer copy too by setting, in copies, on 58 mm paper', async () => {
    printer = await startTcpPrinter();
    await addTcpPrinter(printer.port, { paperWidth: 58, copies: 2, tickets: { kitchen: true, customer: true } });
    const orderId = await placeCashOrder(shop);
    await accept(orderId);
    await printer.waitForCuts(4);
    const jobs = await until(
      'both printed',
      () => jobsOf(orderId),
      (list) => list.length === 2 && list.every((job) => job.status === 'printed'),
    );
    expect(jobs.map((job) => job.kind).sort()).toEqual(['customer', 'kitchen']);
    expect(printer.text()).toContain('CUSTOMER COPY');
    expect(printer.text()).toMatch(/Total.*£\d+\.\d\d/s);
    // 58 mm paper: ESC/POS's print area (GS W) is 384 dots, not 80 mm's 576.
    expect((printer.sessions[0] as Buffer).includes(Buffer.from([0x1d, 0x57, 0x80, 0x01]))).toBe(true);
    expect(printer.cuts()).toBe(4);
  });

  it('prints an order accepted on arrival by auto-accept, with its expected time, and a test page', async () => {
    printer = await startTcpPrinter();
    const added = await addTcpPrinter(printer.port);
    expect((await api('PUT', '/shop-settings', { autoAccept: true })).status).toBe(200);
    const orderId = await placeCashOrder(shop);
    await printer.waitForCuts(1);
    expect(printer.text()).toContain(`#${displayOrderId(orderId)}`);
    expect(printer.text()).toMatch(/Expected \d\d:\d\d/);
    const jobs = await until(
      'printed',
      () => jobsOf(orderId),
      (list) => list[0]?.status === 'printed',
    );
    expect(jobs).toMatchObject([{ reason: 'accept', kind: 'kitchen' }]);

    const test = await api('POST', `/printers/${added.id}/test`);
    expect(test.status, JSON.stringify(test.body)).toBe(202);
    expect(test.body.jobs).toMatchObject([{ reason: 'test', kind: 'kitchen', orderId: null, printerName: 'Kitchen' }]);
    await printer.waitForCuts(2);
    expect(printer.text()).toContain('TEST PAGE');
  });

  it('prints an order another process accepted and died before making its tickets (the sweep finds it)', async () => {
    // A shop whose sweep looks every second rather than every 10 s: the order is found by the same sweep, sooner.
    await shop.server.close();
    shop = await startOrderingShop(kind, { PRINTERS_SWEEP_INTERVAL_MS: '1000' });
    printer = await startTcpPrinter();
    await addTcpPrinter(printer.port);
    const orderId = await placeCashOrder(shop);
    // Accepted and committed by a process that stopped before its listener ran: no event here, only the rows.
    const { db } = shop.server.app;
    await db.update(orders).set({ status: 'Approved Order' }).where(eq(orders.id, orderId));
    await db.insert(orderStatusHistory).values({ id: newId(), orderId, status: 'Approved Order', changedAt: shop.server.app.now() });
    await printer.waitForCuts(1, 30_000);
    expect(printer.text()).toContain(`#${displayOrderId(orderId)}`);
    expect(
      await until(
        'printed',
        () => jobsOf(orderId),
        (list) => list[0]?.status === 'printed',
      ),
    ).toMatchObject([{ reason: 'accept' }]);
    // Once: a later sweep finds its job and makes none.
    expect(await sweepMissedAcceptJobs(shop.server.app)).toEqual([]);
    expect(printer.cuts()).toBe(1);
    expect(await jobsOf(orderId)).toHaveLength(1);
  }, 60_000);

  it("forgets an order's tickets (name, phone, address) when its customer erases their account", async () => {
    printer = await startTcpPrinter();
    await addTcpPrinter(printer.port);
    const orderId = await placeCashOrder(shop);
    await accept(orderId);
    await until(
      'printed',
      () => jobsOf(orderId),
      (list) => list[0]?.status === 'printed',
    );
    expect((await api('PUT', `/update-sell-products/${orderId}`, { status: 'Delivered Order' })).status).toBe(200);
    const erased = await call(shop.server, 'POST', '/profile/delete', shop.customer, { password: shop.customer.password });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await jobsOf(orderId)).toEqual([]);
    const left = await shop.server.app.db.select().from(printJobs);
    expect(left).toEqual([]);
  });

  it('keeps the job of a printer killed mid-ticket, shows why, and prints it once when the printer is back', async () => {
    printer = await startTcpPrinter();
    const added = await addTcpPrinter(printer.port);
    printer.dieAfter(40);
    const orderId = await placeCashOrder(shop);
    await accept(orderId);
    await printer.died();
    // Waiting, with the failure's words, not printed, and no cut received.
    const waiting = await until(
      'the job back in the queue',
      () => jobsOf(orderId),
      (list) => list[0]?.status === 'queued' && list[0].lastError !== null,
    );
    expect(waiting[0]?.attempts).toBeGreaterThanOrEqual(1);
    expect(printer.cuts()).toBe(0);
    const listed = (await api('GET', '/printers')).body.printers[0];
    expect(listed.status.jobsWaiting).toBe(1);
    expect(listed.status.lastError).toMatch(/ECONNRESET|ECONNREFUSED|closed the connection/);
    expect(listed.status.oldestWaitingAt).not.toBeNull();

    await printer.restart();
    await printer.waitForCuts(1);
    await until(
      'printed',
      () => jobsOf(orderId),
      (list) => list[0]?.status === 'printed',
    );
    // One ticket in all: the killed connection's part had no cut, and nothing printed twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(printer.cuts()).toBe(1);
    expect(printer.sessions.filter((bytes) => printedText(bytes).includes('CASH DUE'))).toHaveLength(1);
    expect((await api('GET', '/printers')).body.printers[0]).toMatchObject({ id: added.id, status: { jobsWaiting: 0, lastError: null } });
  });

  it('serves a CloudPRNT printer that polls: the job announced, fetched by its token as StarPRNT, confirmed once', async () => {
    const added = await api('POST', '/printers', { name: 'Star bar', connection: { kind: 'cloudprnt' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const serverUrl = added.body.connection.serverUrl as string;
    expect(serverUrl).toMatch(new RegExp(`^${shop.server.config.publicOrigin}/api/cloudprnt/[A-Za-z0-9_-]{43}$`));
    const url = `${shop.server.url}${new URL(serverUrl).pathname}`;
    const poll = async (status = '200 OK') => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          status,
          printerMAC: '00:11:62:00:00:01',
          statusCode: encodeURIComponent(status),
          printingInProgress: false,
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { jobReady: boolean; jobToken?: string; mediaTypes?: string[] };
    };

    expect(await poll()).toEqual({ jobReady: false });
    expect((await api('GET', '/printers')).body.printers[0].status).toMatchObject({ online: true, jobsWaiting: 0 });

    const orderId = await placeCashOrder(shop, { allergyNote: 'Sesame' });
    await accept(orderId);
    const ready = await until(
      'a job announced',
      () => poll(),
      (answer) => answer.jobReady,
    );
    expect(ready.mediaTypes).toEqual([STARPRNT]);
    const [job] = await jobsOf(orderId);
    expect(ready.jobToken).toBe(job?.id);

    // A stranger without the secret gets nothing.
    const stranger = await fetch(`${shop.server.url}/api/cloudprnt/${'x'.repeat(43)}?token=${ready.jobToken}&type=${STARPRNT}`);
    expect(stranger.status).toBe(404);

    const fetched = await fetch(
      `${url}?uid=1&mac=00%3A11%3A62%3A00%3A00%3A01&type=${encodeURIComponent(STARPRNT)}&token=${ready.jobToken}`,
    );
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toContain(STARPRNT);
    const bytes = Buffer.from(await fetched.arrayBuffer());
    const text = printedText(bytes);
    expect(text).toContain(`#${displayOrderId(orderId)}`);
    expect(text).toContain('ALLERGY: Sesame');
    expect(text).toMatch(/CASH DUE £\d+\.\d\d/);
    // StarPRNT's cut: ESC d n.
    expect(bytes.includes(Buffer.from([0x1b, 0x64]))).toBe(true);

    // The printer ran out of paper before confirming: the job stays, announced again.
    await poll('410 Paper empty');
    expect((await api('GET', '/printers')).body.printers[0].status.lastError).toContain('Paper empty');
    expect((await poll()).jobToken).toBe(ready.jobToken);

    const confirmed = await fetch(`${url}?mac=00%3A11%3A62%3A00%3A00%3A01&code=200%20OK&token=${ready.jobToken}`, { method: 'DELETE' });
    expect(await confirmed.json()).toEqual({ confirmed: true });
    const twice = await fetch(`${url}?mac=00%3A11%3A62%3A00%3A00%3A01&code=200%20OK&token=${ready.jobToken}`, { method: 'DELETE' });
    expect(await twice.json()).toEqual({ confirmed: false });
    expect(await poll()).toEqual({ jobReady: false });
    expect((await jobsOf(orderId))[0]).toMatchObject({ status: 'printed', attempts: 1 });

    // A new secret: the old URL stops working at once.
    const renewed = await api('PUT', `/printers/${added.body.id}`, { newCloudPrntSecret: true });
    expect(renewed.body.connection.serverUrl).not.toBe(serverUrl);
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
  });

  it('keeps what a CloudPRNT printer says bounded: its words cut to 200 characters, an identifier over 100 refused with 400', async () => {
    const added = await api('POST', '/printers', { name: 'Star till', connection: { kind: 'cloudprnt' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const url = `${shop.server.url}${new URL(added.body.connection.serverUrl as string).pathname}`;
    const poll = (body: Record<string, unknown>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const lastError = async () => (await api('GET', '/printers')).body.printers[0].status.lastError as string | null;

    // 20,000 characters of status: the poll is answered, and the printer's words are kept cut.
    const long = `410 Paper empty ${'x'.repeat(20_000)}`;
    const polled = await poll({ status: long, statusCode: encodeURIComponent(long), printerMAC: '00:11:62:00:00:02' });
    expect(polled.status).toBe(200);
    expect(await polled.json()).toEqual({ jobReady: false });
    expect(await lastError()).toBe(`Printer status: ${long.slice(0, PRINTER_WORDS_MAX)}`);

    // A character written as two (an emoji) across the cut is left out whole, never halved.
    const before = `4${'y'.repeat(PRINTER_WORDS_MAX - 2)}`;
    expect((await poll({ status: `${before}😀 and more` })).status).toBe(200);
    expect(await lastError()).toBe(`Printer status: ${before}`);

    // A job's result code is cut the same way, on the job and on the printer.
    const test = await api('POST', `/printers/${added.body.id}/test`);
    expect(test.status, JSON.stringify(test.body)).toBe(202);
    const jobId = test.body.jobs[0].id as string;
    const code = `510 ${'z'.repeat(10_000)}`;
    const confirmed = await fetch(`${url}?token=${jobId}&code=${encodeURIComponent(code)}`, { method: 'DELETE' });
    expect(await confirmed.json()).toEqual({ confirmed: true });
    const cut = code.slice(0, PRINTER_WORDS_MAX);
    expect(await lastError()).toBe(`The printer could not print a ticket (${cut})`);
    const [job] = await shop.server.app.db.select().from(printJobs).where(eq(printJobs.id, jobId));
    expect(job).toMatchObject({ status: 'failed', lastError: `The printer could not print it (${cut})` });

    // Identifiers have a known shape: one over 100 characters is a 400 naming it.
    const tooLong = 'm'.repeat(PRINTER_IDENTIFIER_MAX + 1);
    const refusals = [
      await poll({ status: '200 OK', printerMAC: tooLong }),
      await fetch(`${url}?token=${tooLong}`),
      await fetch(`${url}?type=${tooLong}`),
      await fetch(`${url}?mac=${tooLong}`),
      await fetch(`${url}?token=${tooLong}&code=OK`, { method: 'DELETE' }),
    ];
    const fields = ['printerMAC', 'token', 'type', 'mac', 'token'];
    for (const [index, refused] of refusals.entries()) {
      expect(refused.status, fields[index]).toBe(400);
      expect(await refused.json(), fields[index]).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining(`${fields[index]} must be at most ${PRINTER_IDENTIFIER_MAX} characters`),
      });
    }
  });

  it('tells every admin page of a ticket waiting over a minute, once, and shows the ticket preview', async () => {
    printer = await startTcpPrinter();
    const port = printer.port;
    await printer.close();
    await addTcpPrinter(port);
    const socket = await connectSocket(shop.server.url, { cookie: shop.admin.cookie });
    try {
      const orderId = await placeCashOrder(shop);
      await accept(orderId);
      const [job] = await until(
        'a job',
        () => jobsOf(orderId),
        (list) => list.length === 1,
      );
      // The job was made over a minute ago (the database's clock: a printer waits in real time).
      await shop.server.app.db.execute(sql`update print_jobs set created_at = created_at - interval '61 seconds' where id = ${job?.id}`);
      await until(
        'the late warning',
        async () => socket.received.filter((item) => item.event === PRINT_JOB_LATE),
        (late) => late.length > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await socket.sync();
      const late = socket.received.filter((item) => item.event === PRINT_JOB_LATE);
      expect(late).toHaveLength(1);
      expect(late[0]?.payload).toMatchObject({ job_id: job?.id, printer_name: 'Kitchen', order_id: orderId });
      expect(socket.received.some((item) => item.event === PRINTERS_CHANGED)).toBe(true);

      const preview = await api('GET', `/orders/${orderId}/ticket?paperWidth=58&kind=customer`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.svg).toMatch(/^<svg /);
      expect(preview.body.svg).not.toContain('fonts.googleapis.com');
      expect(preview.body.text).toContain('CUSTOMER COPY');
      expect(preview.body.text.split('\n')[5]).toHaveLength(32);
    } finally {
      socket.close();
    }
  });

  it('refuses what it must: customers, unknown printers and orders, a taken name, no printer, bad settings', async () => {
    const customer = shop.customer;
    expect((await call(shop.server, 'GET', '/printers', null)).body.code).toBe('SIGN_IN_REQUIRED');
    expect((await call(shop.server, 'GET', '/printers', customer)).body.code).toBe('ADMIN_ONLY');
    const orderId = await placeCashOrder(shop);
    expect((await call(shop.server, 'POST', `/orders/${orderId}/print`, customer, {})).body.code).toBe('ADMIN_ONLY');
    expect((await api('POST', `/orders/${orderId}/print`, {})).body).toMatchObject({ statusCode: 409, code: 'NO_PRINTERS' });
    expect((await api('POST', `/orders/${'0'.repeat(24)}/print`, {})).body.code).toBe('ORDER_NOT_FOUND');
    expect((await api('GET', `/orders/nope/ticket`)).body.code).toBe('ORDER_NOT_FOUND');

    const bad = await api('POST', '/printers', { name: 'Bar', connection: { kind: 'tcp', host: '127.0.0.1', port: 9100 }, paperWidth: 70 });
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(bad.body.message).toContain('paperWidth must be 80 or 58');
    expect((await api('POST', '/printers', { name: 'Bar', connection: { kind: 'usb' } })).body.code).toBe('VALIDATION_FAILED');
    expect((await api('POST', '/printers', { name: 'Bar', connection: { kind: 'tcp', host: 'a b', port: 9100 } })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    const made = await api('POST', '/printers', { name: 'Bar', connection: { kind: 'tcp', host: '127.0.0.1', port: 9 } });
    expect(made.status).toBe(201);
    expect((await api('POST', '/printers', { name: ' bar ', connection: { kind: 'cloudprnt' } })).body).toMatchObject({
      statusCode: 409,
      code: 'PRINTER_NAME_TAKEN',
    });
    expect((await api('PUT', `/printers/${'0'.repeat(24)}`, { copies: 2 })).body.code).toBe('PRINTER_NOT_FOUND');
    expect((await api('PUT', `/printers/${made.body.id}`, {})).body.code).toBe('VALIDATION_FAILED');
    expect((await api('PUT', `/printers/${made.body.id}`, { copies: 6 })).body.code).toBe('VALIDATION_FAILED');
    expect((await api('POST', `/orders/${orderId}/print`, { printerId: '0'.repeat(24) })).body.code).toBe('PRINTER_NOT_FOUND');
    expect((await api('POST', `/orders/${orderId}/print`, {}, { 'idempotency-key': 'short' })).body.code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect((await api('DELETE', `/printers/${made.body.id}`)).body).toEqual({ deletedCount: 1 });
    expect((await api('DELETE', `/printers/${made.body.id}`)).body.code).toBe('PRINTER_NOT_FOUND');
    expect((await api('GET', '/printers')).body).toEqual({ printers: [] });
  });
});
