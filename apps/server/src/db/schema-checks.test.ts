import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRINK_KINDS, TOPPING_CATEGORIES } from '@shop/shared/domain/catalogue-values';
import { FULFILMENTS } from '@shop/shared/domain/fulfilment';
import { ORDER_STATUSES } from '@shop/shared/domain/order-status';
import { PAYMENT_STATUSES, PAYMENT_TYPES } from '@shop/shared/domain/payment-types';
import { VAT_RATES } from '@shop/shared/domain/vat';
import { runPrepared } from './client';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness';

// The database's CHECK constraints are built from the shared lists (schema.ts). A value added to one of them
// without `npm run db:generate` would be sent by the app and refused by the database: the migrated database must
// allow exactly each list.
const CHECKS: [constraint: string, values: readonly string[]][] = [
  ['toppings_category_check', TOPPING_CATEGORIES],
  ['products_drink_kind_check', DRINK_KINDS],
  ['orders_payment_type_check', PAYMENT_TYPES],
  ['orders_payment_status_check', PAYMENT_STATUSES],
  ['orders_status_check', ORDER_STATUSES],
  ['orders_fulfilment_check', FULFILMENTS],
  ['products_vat_rate_check', VAT_RATES],
];

describe.each(testDatabases())('the migrated database on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(CHECKS)('%s allows exactly the shared list', async (constraint, values) => {
    const rows = await runPrepared<{ def: string }>(
      server.database.db,
      { name: 'check-definition', text: "select pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c' and conname = $1" },
      [constraint],
    );
    expect(rows).toHaveLength(1);
    const allowed = [...(rows[0]?.def ?? '').matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(allowed).toEqual([...values]);
  });
});
