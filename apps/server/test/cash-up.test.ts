// The driver's cash-up and the Tips Act (decision 1701), against the real database over HTTP: a shift's float, the
// cash orders its driver delivered, the cash handed in and the variance to the penny; pay per drop; tips in full and
// apart from any shortage; a shift per driver and day; no close while a delivery is on the road; the monthly pay-out
// report, its CSV and pay-outs in full only; overdue on a fixed clock; a driver's own statement and no one else's.
// Dispatch's routes make the runs in the shop; here a fixture writes its rows (delivery_runs, run_stops) directly.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/id';
import { auditLog, deliveryRuns, orders, runStops } from '../src/db/schema';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

const CARD = { cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };
/** The shop clock: Wednesday 18 November 2026, 18:00 in London (GMT). */
const DAY = '2026-11-18';
const pounds = (pence: number) => pence / 100;

describe.each(testDatabases())('the driver’s cash-up and the tips’ pay-out on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let owner: SignedIn;
  let manager: SignedIn;
  let customer: SignedIn;
  let addressId: string;
  let dee: SignedIn;
  let sam: SignedIn;
  let ola: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '20' } });
    menu = await loadMenu(server);
    owner = await signInAs(server, { role: 'owner' });
    manager = await signInAs(server, { role: 'manager' });
    customer = await signInAs(server);
    addressId = await addAddress(server, customer);
    dee = await signInAs(server, { role: 'driver', username: 'Dee Driver' });
    sam = await signInAs(server, { role: 'driver', username: 'Sam Scooter' });
    ola = await signInAs(server, { role: 'driver', username: 'Ola Onroad' });
    expect((await call(server, 'PUT', '/shop-settings', owner, { payPerDrop: 1.5 })).body).toMatchObject({ payPerDrop: 1.5 });
  });
  afterAll(async () => server?.close());

  /** Moves the shop clock; sessions opened weeks before have expired by then, so everyone signs in again. */
  const setClock = async (iso: string) => {
    server.config.shopTime = new Date(iso);
    for (const who of [owner, manager, customer, dee, sam, ola]) Object.assign(who, await signInAs(server, { email: who.user.email }));
  };
  const setStatus = (id: string, body: Record<string, unknown>) => call(server, 'PUT', `/update-sell-products/${id}`, owner, body);
  const totalOf = async (id: string) =>
    (await server.app.db.select({ total: orders.total }).from(orders).where(eq(orders.id, id)))[0]!.total;

  /** A cash delivery with a tip (pounds), accepted: its id. */
  async function cashDelivery(tip: number): Promise<string> {
    const placed = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { tip }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.insertedId as string;
    expect((await setStatus(id, { status: 'Approved Order', readyInMinutes: 40 })).status).toBe(200);
    return id;
  }

  /** A card delivery with a tip (pounds), paid and accepted: its id. */
  async function cardDelivery(tip: number): Promise<string> {
    const started = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '', tip });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const confirmed = await call(server, 'POST', '/test-payments/confirm', customer, { clientSecret: started.body.clientSecret, ...CARD });
    expect(confirmed.body.status).toBe('requires_capture');
    const id = started.body.orderId as string;
    expect((await setStatus(id, { status: 'Approved Order', readyInMinutes: 40 })).status).toBe(200);
    return id;
  }

  /**
   * Dispatch's rows for a run of `driver` with these stops, as its routes write them: picked up at 18:10 and, unless
   * `onTheRoad`, delivered at 18:30 (the order marked delivered too), with the cash the driver reported.
   */
  async function run(driver: SignedIn, stops: Array<{ orderId: string; cashCollected?: number; onTheRoad?: boolean }>): Promise<string> {
    const runId = newId();
    const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00Z`);
    await server.app.db
      .insert(deliveryRuns)
      .values({ id: runId, driverId: driver.user.id, createdAt: at('18:05'), startedAt: at('18:10') });
    for (const [index, stop] of stops.entries()) {
      await server.app.db.insert(runStops).values({
        orderId: stop.orderId,
        runId,
        position: index + 1,
        assignedAt: at('18:05'),
        pickedUpAt: at('18:10'),
        deliveredAt: stop.onTheRoad ? null : at('18:30'),
        cashCollected: stop.cashCollected ?? null,
      });
      if (!stop.onTheRoad) expect((await setStatus(stop.orderId, { status: 'Delivered Order' })).status).toBe(200);
    }
    return runId;
  }

  const shifts = async (date = DAY, who: SignedIn = owner) => {
    const answer = await call(server, 'GET', `/driver-shifts?date=${date}`, who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const open = (driver: SignedIn, float: number, date = DAY) =>
    call(server, 'POST', '/driver-shifts', manager, { driverId: driver.user.id, date, float });
  const close = (shiftId: string, body: Record<string, unknown>) => call(server, 'POST', `/driver-shifts/${shiftId}/close`, owner, body);

  let deeCash: string;
  let samCash: string;
  let samCard: string;

  it('a cash order’s cash-up that balances: float + the order’s total handed back, one drop paid, the tip in full', async () => {
    deeCash = await cashDelivery(1);
    const total = await totalOf(deeCash);
    await run(dee, [{ orderId: deeCash, cashCollected: total }]);
    const opened = await open(dee, 20);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({
      driver: { id: dee.user.id, name: 'Dee Driver' },
      shift: { closedAt: null },
      float: 20,
      drops: 1,
      cashOrders: 1,
      cashExpected: pounds(total),
      cashCollected: pounds(total),
      expectedBack: pounds(2000 + total),
      cashHandedIn: null,
      variance: null,
      payPerDrop: 1.5,
      pay: 1.5,
      tips: 1,
    });
    const closed = await close(opened.body.shift.id, { cashHandedIn: pounds(2000 + total), note: 'All counted' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({
      cashHandedIn: pounds(2000 + total),
      variance: 0,
      balance: 'balanced',
      varianceText: 'Balanced',
      pay: 1.5,
      tips: 1,
      shift: { note: 'All counted', closedAt: '2026-11-18T18:00:00.000Z' },
    });
    const [entry] = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'driver-shift.close'), eq(auditLog.subjectId, opened.body.shift.id)));
    expect(entry?.summary).toBe(`Closed Dee Driver's shift of ${DAY}: £${((2000 + total) / 100).toFixed(2)} handed in, Balanced`);
  });

  it('a cash-up that does not balance: SHORT £2.50, while the card order’s and the cash order’s tips stay whole', async () => {
    samCash = await cashDelivery(2);
    samCard = await cardDelivery(3);
    const cashTotal = await totalOf(samCash);
    await run(sam, [{ orderId: samCash, cashCollected: cashTotal - 250 }, { orderId: samCard }]);
    const opened = await open(sam, 15);
    expect(opened.status).toBe(201);
    const closed = await close(opened.body.shift.id, { cashHandedIn: pounds(1500 + cashTotal - 250) });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({
      drops: 2,
      cashOrders: 1,
      cardOrders: 1,
      cashExpected: pounds(cashTotal),
      cashCollected: pounds(cashTotal - 250),
      expectedBack: pounds(1500 + cashTotal),
      variance: -2.5,
      balance: 'short',
      varianceText: 'SHORT £2.50',
      pay: 3,
      tips: 5,
    });
  });

  it('pay per drop is the setting while a shift is open and the one copied when it closed', async () => {
    expect((await call(server, 'PUT', '/shop-settings', manager, { payPerDrop: 2 })).status).toBe(200);
    const day = await shifts();
    expect(day.payPerDrop).toBe(2);
    // Closed at £1.50 a drop: unchanged.
    expect(
      day.shifts.map((s: { driver: { name: string }; payPerDrop: number; pay: number }) => [s.driver.name, s.payPerDrop, s.pay]),
    ).toEqual([
      ['Dee Driver', 1.5, 1.5],
      ['Sam Scooter', 1.5, 3],
    ]);
    expect(day.drivers.map((d: { name: string }) => d.name)).toEqual(['Dee Driver', 'Ola Onroad', 'Sam Scooter']);
    expect((await call(server, 'PUT', '/shop-settings', manager, { payPerDrop: 1.5 })).status).toBe(200);
    // The owner and the manager set it, in pounds to the penny; the counter cannot.
    expect((await call(server, 'PUT', '/shop-settings', owner, { payPerDrop: 1.005 })).status).toBe(400);
    expect((await call(server, 'PUT', '/shop-settings', await signInAs(server, { role: 'counter' }), { payPerDrop: 3 })).status).toBe(403);
  });

  it('refuses to close a shift while its driver has a delivery on the road, then closes it once delivered', async () => {
    const onRoad = await cashDelivery(0);
    const runId = await run(ola, [{ orderId: onRoad, onTheRoad: true }]);
    const opened = await open(ola, 10);
    expect(opened.body).toMatchObject({ onTheRoad: 1, drops: 0 });
    const refused = await close(opened.body.shift.id, { cashHandedIn: 10 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'DRIVER_ON_THE_ROAD',
      message: `Ola Onroad still has a delivery on the road (order ${onRoad.slice(-6)}): close the shift once it is delivered`,
    });
    const total = await totalOf(onRoad);
    await server.app.db
      .update(runStops)
      .set({ deliveredAt: new Date(`${DAY}T18:40:00Z`), cashCollected: total })
      .where(and(eq(runStops.orderId, onRoad), eq(runStops.runId, runId)));
    expect((await setStatus(onRoad, { status: 'Delivered Order' })).status).toBe(200);
    const closed = await close(opened.body.shift.id, { cashHandedIn: pounds(1000 + total) });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ onTheRoad: 0, drops: 1, variance: 0, varianceText: 'Balanced' });
    const again = await close(opened.body.shift.id, { cashHandedIn: 1 });
    expect(again.body).toMatchObject({ code: 'SHIFT_CLOSED' });
  });

  it('one shift per driver and day; no shift for a day to come or for someone who is not a driver', async () => {
    const twice = await open(dee, 5);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'SHIFT_EXISTS',
      message: `Dee Driver has a shift on ${DAY} already: one shift per driver and day`,
    });
    expect((await open(dee, 5, '2026-11-19')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'date: a shift is opened on its day, not before',
    });
    expect((await call(server, 'POST', '/driver-shifts', owner, { driverId: customer.user.id, date: DAY, float: 5 })).body).toMatchObject({
      code: 'DRIVER_NOT_FOUND',
    });
    expect((await open(dee, -1, '2026-11-17')).status).toBe(400);
    expect((await close(newId(), { cashHandedIn: 1 })).body).toMatchObject({ code: 'SHIFT_NOT_FOUND' });
    // Another day has its own shift.
    expect((await open(dee, 5, '2026-11-17')).status).toBe(201);
  });

  it('a driver is refused the cash-up and the pay-outs, and their statement holds their own tips only', async () => {
    for (const [method, path, body] of [
      ['GET', `/driver-shifts?date=${DAY}`, undefined],
      ['POST', '/driver-shifts', { driverId: dee.user.id, date: '2026-11-10', float: 5 }],
      ['GET', '/reports/tip-payouts?month=2026-11', undefined],
      ['GET', '/reports/tip-payouts.csv?month=2026-11', undefined],
      ['POST', '/tip-payouts', { workerId: dee.user.id, month: '2026-11', amount: 1, method: 'cash' }],
    ] as const) {
      const answer = await call(server, method, path, dee, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.code, path).toBe('ROLE_FORBIDDEN');
    }
    const own = await call(server, 'GET', '/driver/tips?from=2026-11-01&to=2026-11-30', dee);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({
      worker: { id: dee.user.id, name: 'Dee Driver' },
      tips: [{ orderId: deeCash, tip: 1, driverTip: 1, month: '2026-11', deliveredAt: `${DAY}T18:30:00.000Z` }],
      months: [{ month: '2026-11', received: 1, paid: 0, status: 'open', dueDate: '2026-12-31' }],
      total: { received: 1, paid: 0 },
    });
    expect(own.body.tips).toHaveLength(1);
    // Another driver's statement cannot be asked for: there is no such parameter.
    const other = await call(server, 'GET', `/driver/tips?workerId=${sam.user.id}`, dee);
    expect(other.status).toBe(400);
    expect((await call(server, 'GET', '/driver/tips', sam)).body.tips.map((t: { orderId: string }) => t.orderId).sort()).toEqual(
      [samCash, samCard].sort(),
    );
    expect((await call(server, 'GET', '/driver/tips', customer)).status).toBe(403);
  });

  it('the tips report names the driver of each tip', async () => {
    const report = await call(server, 'GET', `/reports/tips?from=${DAY}&to=${DAY}`, owner);
    const byOrder = Object.fromEntries(report.body.tips.map((t: { orderId: string; driver: unknown }) => [t.orderId, t.driver]));
    expect(byOrder[deeCash]).toEqual({ id: dee.user.id, name: 'Dee Driver' });
    expect(byOrder[samCard]).toEqual({ id: sam.user.id, name: 'Sam Scooter' });
  });

  it('the monthly pay-out: per worker in full, due by the end of the next month, a part pay-out refused, the CSV', async () => {
    // Still November: the month's tips are still coming in.
    const early = await call(server, 'POST', '/tip-payouts', owner, {
      workerId: dee.user.id,
      month: '2026-11',
      amount: 1,
      method: 'payroll',
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'TIPS_NOT_PAYABLE',
      message: 'November 2026 is not over: its tips can be paid out from 2026-12-01, when all of them are in',
    });

    await setClock('2026-12-03T12:00:00Z');
    const report = await call(server, 'GET', '/reports/tip-payouts', owner);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({
      month: '2026-11',
      label: 'November 2026',
      dueDate: '2026-12-31',
      unassigned: { orders: 0, amount: 0 },
    });
    expect(report.body.workers).toEqual([
      {
        worker: { id: dee.user.id, name: 'Dee Driver' },
        month: '2026-11',
        orders: 1,
        received: 1,
        paid: 0,
        outstanding: 1,
        dueDate: '2026-12-31',
        status: 'due',
        paidAt: null,
        method: null,
        paidLate: false,
      },
      expect.objectContaining({ worker: { id: sam.user.id, name: 'Sam Scooter' }, orders: 2, received: 5, outstanding: 5, status: 'due' }),
    ]);
    expect(report.body.total).toEqual({ received: 6, paid: 0, outstanding: 6 });

    const part = await call(server, 'POST', '/tip-payouts', owner, {
      workerId: sam.user.id,
      month: '2026-11',
      amount: 2.5,
      method: 'payroll',
    });
    expect(part.status).toBe(422);
    expect(part.body).toMatchObject({
      code: 'TIP_PAYOUT_NOT_IN_FULL',
      message:
        'Tips are paid out in full, with no deduction and no part payment: Sam Scooter is owed £5.00 of tips for November 2026, not £2.50',
    });
    const more = await call(server, 'POST', '/tip-payouts', owner, {
      workerId: sam.user.id,
      month: '2026-11',
      amount: 6,
      method: 'payroll',
    });
    expect(more.body).toMatchObject({ code: 'TIP_PAYOUT_NOT_IN_FULL' });

    const paid = await call(server, 'POST', '/tip-payouts', manager, {
      workerId: sam.user.id,
      month: '2026-11',
      amount: 5,
      method: 'payroll',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({
      status: 'paid',
      received: 5,
      paid: 5,
      outstanding: 0,
      method: 'payroll',
      paidAt: '2026-12-03T12:00:00.000Z',
    });
    const twice = await call(server, 'POST', '/tip-payouts', manager, {
      workerId: sam.user.id,
      month: '2026-11',
      amount: 5,
      method: 'payroll',
    });
    expect(twice.body).toMatchObject({
      code: 'TIPS_NOT_PAYABLE',
      message: "Sam Scooter's tips of November 2026 are paid out in full already",
    });

    const csv = await fetch(`${server.url}/api/reports/tip-payouts.csv?month=2026-11`, { headers: { cookie: owner.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="tips-2026-11.csv"');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,order,worker,worker_id,tip,tip_refunded,driver_tip,paid_out_on,method');
    expect(lines.slice(1).sort()).toEqual(
      [
        `${DAY},${deeCash.slice(-6)},Dee Driver,${dee.user.id},1.00,0.00,1.00,,`,
        `${DAY},${samCash.slice(-6)},Sam Scooter,${sam.user.id},2.00,0.00,2.00,2026-12-03,payroll`,
        `${DAY},${samCard.slice(-6)},Sam Scooter,${sam.user.id},3.00,0.00,3.00,2026-12-03,payroll`,
      ].sort(),
    );
  });

  it('unpaid past the end of the following month is overdue; a pay-out then is paid, late', async () => {
    await setClock('2027-01-01T09:00:00Z');
    const report = await call(server, 'GET', '/reports/tip-payouts?month=2026-11', owner);
    const status = Object.fromEntries(
      report.body.workers.map((w: { worker: { name: string }; status: string }) => [w.worker.name, w.status]),
    );
    expect(status).toEqual({ 'Dee Driver': 'overdue', 'Sam Scooter': 'paid' });
    const paid = await call(server, 'POST', '/tip-payouts', owner, { workerId: dee.user.id, month: '2026-11', amount: 1, method: 'cash' });
    expect(paid.body).toMatchObject({ status: 'paid', paidLate: true, method: 'cash' });
    const [entry] = await server.app.db.select().from(auditLog).where(eq(auditLog.action, 'tip-payout.record'));
    expect(entry?.summary).toMatch(/^Paid Sam Scooter £5\.00 of tips for November 2026 \(payroll\)$/);
  });

  it('two closes of one shift at once: one closes it; two pay-outs of one month at once: one pays it, once', async () => {
    await setClock('2026-11-18T18:00:00Z');
    const pia = await signInAs(server, { role: 'driver', username: 'Pia Pedal' });
    const order = await cashDelivery(2);
    const total = await totalOf(order);
    await run(pia, [{ orderId: order, cashCollected: total }]);
    const opened = await open(pia, 10);
    const closes = await Promise.all([1, 2].map(() => close(opened.body.shift.id, { cashHandedIn: pounds(1000 + total) })));
    expect(closes.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(closes.find((answer) => answer.status === 409)?.body.code).toBe('SHIFT_CLOSED');

    await setClock('2026-12-02T10:00:00Z');
    const payouts = await Promise.all(
      [owner, manager].map((who) =>
        call(server, 'POST', '/tip-payouts', who, { workerId: pia.user.id, month: '2026-11', amount: 2, method: 'payroll' }),
      ),
    );
    expect(payouts.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const report = await call(server, 'GET', '/reports/tip-payouts?month=2026-11', owner);
    expect(report.body.workers.find((row: { worker: { id: string } }) => row.worker.id === pia.user.id)).toMatchObject({
      received: 2,
      paid: 2,
      status: 'paid',
    });
    await setClock('2026-11-18T18:00:00Z');
  });
  it('a Friday night past midnight is one business day: the drops after 00:00 are that shift’s, and at 00:50 today is Friday', async () => {
    const kit = await signInAs(server, { role: 'driver', username: 'Kit Late' });
    const [evening, night] = [await cashDelivery(0), await cashDelivery(0)];
    const runId = newId();
    // Friday 20 November 2026 (GMT): out at 23:25, one drop at 23:40 and one at 00:35 on Saturday.
    await server.app.db.insert(deliveryRuns).values({
      id: runId,
      driverId: kit.user.id,
      createdAt: new Date('2026-11-20T23:20:00Z'),
      startedAt: new Date('2026-11-20T23:25:00Z'),
    });
    for (const [index, [orderId, deliveredAt]] of (
      [
        [evening, '2026-11-20T23:40:00Z'],
        [night, '2026-11-21T00:35:00Z'],
      ] as const
    ).entries()) {
      await server.app.db.insert(runStops).values({
        orderId,
        runId,
        position: index + 1,
        assignedAt: new Date('2026-11-20T23:20:00Z'),
        pickedUpAt: new Date('2026-11-20T23:25:00Z'),
        deliveredAt: new Date(deliveredAt),
        cashCollected: await totalOf(orderId),
      });
      expect((await setStatus(orderId, { status: 'Delivered Order' })).status).toBe(200);
    }
    const cashPence = (await totalOf(evening)) + (await totalOf(night));
    const expected = pounds(cashPence);

    await setClock('2026-11-21T00:50:00Z');
    const today = await call(server, 'GET', '/driver-shifts', owner);
    expect(today.body.date).toBe('2026-11-20');
    expect(today.body.shifts.find((day: { driver: { id: string } }) => day.driver.id === kit.user.id)).toMatchObject({
      drops: 2,
      cashExpected: expected,
    });
    expect((await shifts('2026-11-21')).shifts.some((day: { driver: { id: string } }) => day.driver.id === kit.user.id)).toBe(false);
    // Saturday's shift cannot be opened yet: it is still Friday night.
    expect((await open(kit, 10, '2026-11-21')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await open(kit, 10, '2026-11-20')).body).toMatchObject({ drops: 2, expectedBack: pounds(1000 + cashPence) });

    // The Tips Act's months stay calendar months: at 00:30 on 1 December the pay-out due is November's.
    await setClock('2026-12-01T00:30:00Z');
    expect((await call(server, 'GET', '/reports/tip-payouts', owner)).body).toMatchObject({ month: '2026-11', label: 'November 2026' });
    await setClock('2026-11-18T18:00:00Z');
  });

  it('deleting the customer’s account keeps every tip and who it went to', async () => {
    const deleted = await call(server, 'POST', '/profile/delete', customer, { password: customer.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const report = await call(server, 'GET', '/reports/tip-payouts?month=2026-11', owner);
    expect(report.body.total).toEqual({ received: 8, paid: 8, outstanding: 0 });
    const statement = await call(server, 'GET', '/driver/tips?from=2026-11-01&to=2026-11-30', sam);
    expect(statement.body.total).toEqual({ received: 5, paid: 5 });
    await setClock('2026-11-18T18:00:00Z');
  });
});
