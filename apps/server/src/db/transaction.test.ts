// inTransaction runs a transaction again when PostgreSQL rolls it back for a deadlock, and the API answers one that
// keeps losing 409 BUSY_TRY_AGAIN, never 500.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { inTransaction, TransactionConflict } from './client';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';

describe.runIf(ADMIN_URL)(`a real deadlock on PostgreSQL${SKIPPED}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres' });
    await server.app.db.execute(sql`create table deadlock_probe (id int primary key)`);
    await server.app.db.execute(sql`insert into deadlock_probe values (1), (2)`);
  });
  afterAll(async () => server.close());

  it('runs the transaction PostgreSQL chose to roll back again, and both finish', async () => {
    const { db } = server.app;
    let runs = 0;
    // Each first attempt waits, holding its first row, until the other holds its own: then each asks for the other's.
    let holding = 0;
    const bothHolding = () =>
      new Promise<void>((resolve) => {
        holding += 1;
        const check = () => (holding >= 2 ? resolve() : setTimeout(check, 5));
        check();
      });
    const lockInOrder = (first: number, second: number) => {
      let attempt = 0;
      return inTransaction(db, async (tx) => {
        runs += 1;
        attempt += 1;
        await tx.execute(sql`select id from deadlock_probe where id = ${first} for update`);
        if (attempt === 1) await bothHolding();
        await tx.execute(sql`select id from deadlock_probe where id = ${second} for update`);
        return attempt;
      });
    };
    const attempts = await Promise.all([lockInOrder(1, 2), lockInOrder(2, 1)]);
    // PostgreSQL rolls one of them back (rarely both, when each finds the cycle at once): it ran again and finished.
    expect(Math.max(...attempts)).toBe(2);
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});

describe('a transaction that keeps losing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      setup: (app) => {
        // What PostgreSQL answers a transaction chosen as a deadlock's victim, every time.
        app.get('/api/test-always-deadlocked', async () =>
          inTransaction(app.db, async () => {
            throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
          }),
        );
      },
    });
  });
  afterAll(async () => server.close());

  it('is tried four times, then answers 409 BUSY_TRY_AGAIN', async () => {
    let runs = 0;
    await expect(
      inTransaction(server.app.db, async () => {
        runs += 1;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
    ).rejects.toBeInstanceOf(TransactionConflict);
    expect(runs).toBe(4);
    const answer = await fetch(`${server.url}/api/test-always-deadlocked`);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ statusCode: 409, code: 'BUSY_TRY_AGAIN' });
  });

  it('does not run again for any other error', async () => {
    let runs = 0;
    await expect(
      inTransaction(server.app.db, async () => {
        runs += 1;
        throw new Error('not a lock conflict');
      }),
    ).rejects.toThrow('not a lock conflict');
    expect(runs).toBe(1);
  });
});
