// Live orders across two real shop processes on one PostgreSQL database: an event caused by a request to one
// process reaches the sockets connected to the other, which only @socket.io/postgres-adapter can carry.
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RECEIVED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { call } from './account-test-client';
import { cashOrder, pizzaLine } from './order-fixtures';
import { eventsFor, type TestSocket } from './socket-client';
import { newCustomer, useTwoShops, type ProcessCustomer } from './two-shops';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** One event's way from one process through PostgreSQL to the other's socket: milliseconds when it works. */
const EVENT_MS = 5000;

// Like the other PostgreSQL suites, this one runs only where TEST_DATABASE_URL names a server (CI sets it).
const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`realtime-processes.test.ts: two-process live orders${SKIPPED}`);

describe.runIf(ADMIN_URL)(`live orders across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  const shops = useTwoShops(ADMIN_URL as string, 'shop_test_procs');
  let owner: ProcessCustomer;
  let other: ProcessCustomer;

  beforeAll(async () => {
    owner = await newCustomer(shops.a, 'Owner');
    other = await newCustomer(shops.a, 'Other');
  });

  async function placeCashThroughA(): Promise<string> {
    const placed = await call<{ insertedId: string }>(shops.a.url, 'POST', '/buy-product', {
      body: cashOrder([pizzaLine(shops.menu)], owner.addressId),
      cookie: owner.cookie,
    });
    expect(placed.status, `placing a cash order through A: ${JSON.stringify(placed.body)}`).toBe(201);
    return placed.body.insertedId;
  }

  /** Waits for the event with a message that says which way it did not come. */
  async function arrives(socket: TestSocket, event: string, orderId: string, route: string): Promise<void> {
    try {
      await socket.waitFor(event, orderId, EVENT_MS);
    } catch (error) {
      throw new Error(
        `${route}: ${(error as Error).message}. Is the PostgreSQL adapter carrying emits between processes?\n--- A's output:\n${shops.a.output()}\n--- B's output:\n${shops.b.output()}`,
      );
    }
  }

  it('tells an admin connected to B about a cash order placed through A', async () => {
    const adminOnB = await shops.connect(shops.b, shops.adminCookie);
    const ownerOnB = await shops.connect(shops.b, owner.cookie);
    const id = await placeCashThroughA();
    await arrives(adminOnB, ORDER_RECEIVED, id, 'order placed through A, admin socket on B');
    expect(eventsFor(adminOnB.received, id)).toEqual([ORDER_RECEIVED]);
    await ownerOnB.sync();
    expect(eventsFor(ownerOnB.received, id), 'a customer socket hears no order_received').toEqual([]);
  });

  it('tells the order’s customer on B about a status change made through A, and no other customer on B', async () => {
    const id = await placeCashThroughA();
    const ownerOnB = await shops.connect(shops.b, owner.cookie);
    const otherOnB = await shops.connect(shops.b, other.cookie);

    const changed = await call<{ modifiedCount: number }>(shops.a.url, 'PUT', `/update-sell-products/${id}`, {
      body: { status: 'Approved Order' },
      cookie: shops.adminCookie,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ modifiedCount: 1 });
    await arrives(ownerOnB, ORDER_UPDATED, id, 'status changed through A, owner socket on B');
    expect(ownerOnB.received).toEqual([{ event: ORDER_UPDATED, payload: { order_id: id } }]);

    // B sent the owner's event; a round trip on the other socket (to B) now brings anything B sent it before.
    await otherOnB.sync();
    expect(otherOnB.received, 'another customer on B hears nothing of this order').toEqual([]);
  });
});
