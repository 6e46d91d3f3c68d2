// The audit log is append-only in the database itself (decision 1402): migration 0011's trigger refuses every UPDATE
// and DELETE of audit_log, whoever sends it, on PGlite and on a PostgreSQL server alike.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { recordAudit, SHOP_ACTOR } from './public';

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    let cause: unknown = error;
    while (cause instanceof Error && !/append-only/.test(cause.message) && cause.cause) cause = cause.cause;
    return cause instanceof Error ? cause.message : String(cause);
  }
  throw new Error('the statement was not refused');
}

describe.each(testDatabases())('the audit log refuses changes on %s', (kind) => {
  let server: TestServer;
  let id: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    await recordAudit(server.app.db, new Date('2026-11-18T18:00:00Z'), {
      actor: SHOP_ACTOR,
      action: 'order.reject',
      subjectType: 'order',
      subjectId: 'abc',
      summary: 'Rejected order abc',
    });
    const [row] = await server.app.db.select({ id: auditLog.id }).from(auditLog);
    id = row?.id ?? '';
  });
  afterAll(async () => server?.close());

  const stored = async () => server.app.db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.id, id));

  it('refuses an UPDATE, by the query builder and in SQL', async () => {
    expect(await refusal(server.app.db.update(auditLog).set({ summary: 'Nothing happened' }).where(eq(auditLog.id, id)))).toMatch(
      /audit_log is append-only/,
    );
    expect(await refusal(server.app.db.execute(sql`update audit_log set actor_name = 'Someone else'`))).toMatch(/audit_log is append-only/);
    expect(await stored()).toEqual([{ summary: 'Rejected order abc' }]);
  });

  it('refuses a DELETE, by the query builder and in SQL', async () => {
    expect(await refusal(server.app.db.delete(auditLog).where(eq(auditLog.id, id)))).toMatch(/audit_log is append-only/);
    expect(await refusal(server.app.db.execute(sql`delete from audit_log`))).toMatch(/audit_log is append-only/);
    expect(await stored()).toEqual([{ summary: 'Rejected order abc' }]);
  });

  it('still takes new entries', async () => {
    await recordAudit(server.app.db, new Date('2026-11-18T18:01:00Z'), {
      actor: SHOP_ACTOR,
      action: 'order.reject',
      subjectType: 'order',
      summary: 'Rejected order def',
    });
    expect(await server.app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual([{ n: 2 }]);
  });
});
