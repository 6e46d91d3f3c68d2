import { and, asc, desc, eq, gte, isNull, like, lt, or, type SQL } from 'drizzle-orm';
import {
  AUDIT_LOG_DEFAULT_DAYS,
  SHOP_ACTOR_FILTER,
  type AuditEntryWire,
  type AuditLogAnswer,
  type AuditState,
} from '@shop/shared/contract/audit';
import { addDays, londonInstant, londonParts } from '@shop/shared/domain/london-time';
import { dateKey, dateOfKey } from '@shop/shared/domain/opening-hours';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditLogFilters {
  from?: string;
  to?: string;
  actor?: string;
  action?: string;
  before?: string;
  limit: number;
}

type AuditRow = typeof auditLog.$inferSelect;

/** A stored before or after as the wire carries it: an object of fields, or null. */
function stateOf(value: unknown): AuditState {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

function entryOf(row: AuditRow): AuditEntryWire {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    summary: row.summary,
    before: stateOf(row.before),
    after: stateOf(row.after),
  };
}

/** The London dates a query covers: as sent, else the last AUDIT_LOG_DEFAULT_DAYS days up to today (or up to `to`). */
export function auditDates(filters: Pick<AuditLogFilters, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const today = dateKey(londonParts(now));
  const to = filters.to ?? (filters.from && filters.from > today ? filters.from : today);
  const from = filters.from ?? dateKey(addDays(dateOfKey(to), -(AUDIT_LOG_DEFAULT_DAYS - 1)));
  return { from, to };
}

/**
 * One page of the log, newest first: entries from London's midnight starting `from` to the midnight ending `to`, of
 * one actor and one action (or actions by prefix) when asked, older than the entry `before` when paging. Ties of the
 * same instant are ordered by id, so a page never repeats or skips an entry.
 */
export async function readAuditLog(db: Db, filters: AuditLogFilters, now: Date): Promise<AuditLogAnswer> {
  const { from, to } = auditDates(filters, now);
  const conditions: SQL[] = [gte(auditLog.at, londonInstant(dateOfKey(from))), lt(auditLog.at, londonInstant(addDays(dateOfKey(to), 1)))];
  if (filters.actor === SHOP_ACTOR_FILTER) conditions.push(isNull(auditLog.actorId));
  else if (filters.actor) conditions.push(eq(auditLog.actorId, filters.actor));
  if (filters.action?.endsWith('.')) conditions.push(like(auditLog.action, `${filters.action}%`));
  else if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.before) {
    const cursor = (await db.select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.id, filters.before)).limit(1))[0];
    if (cursor) {
      const older = or(lt(auditLog.at, cursor.at), and(eq(auditLog.at, cursor.at), lt(auditLog.id, filters.before)));
      if (older) conditions.push(older);
    }
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const [actors, actions] = await Promise.all([readActors(db), readActions(db)]);
  return {
    entries: page.map(entryOf),
    nextBefore: rows.length > filters.limit ? (page.at(-1)?.id ?? null) : null,
    from,
    to,
    actors,
    actions,
  };
}

/** Everyone the log names, each with the name and role of their latest entry; the shop's own last. */
async function readActors(db: Db): Promise<AuditLogAnswer['actors']> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName, role: auditLog.actorRole })
    .from(auditLog)
    .orderBy(asc(auditLog.actorId), desc(auditLog.at));
  return rows.sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)));
}

async function readActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
  return rows.map((row) => row.action);
}
