import { auditLog } from '../../db/schema';
import type { InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { changedOnly, type FieldChange } from './diff';

/** Who did it: the signed-in member of staff (the session's user), or the shop itself (a timer, the end of the day). */
export interface AuditActor {
  id: string | null;
  name: string;
  role: string;
}

/** The shop's own actions (timers, closing the day), recorded with no account. */
export const SHOP_ACTOR: AuditActor = { id: null, name: 'The shop', role: 'system' };

export interface AuditEntry {
  actor: AuditActor;
  /** What was done, `subject.verb`: 'order.refund', 'product.update', 'hours.update', 'staff.invite'. */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  /** One line a person reads: 'Refunded £4.50 of order 1042'. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry. Called inside the transaction that makes the change, so the entry is written exactly when the
 * change is: a change rolled back leaves no entry, and no change goes unrecorded.
 */
export async function recordAudit(db: InTransaction, at: Date, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(at),
    at,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorRole: entry.actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Appends an update's entry with only the fields that differ between `before` and `after` (each side holding just
 * those), summarised by `summary` from that change; nothing when no field changed, so a save that changes nothing
 * leaves no trace.
 */
export async function recordChange(
  db: InTransaction,
  at: Date,
  entry: Omit<AuditEntry, 'summary' | 'before' | 'after'> & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    summary: (change: FieldChange) => string;
  },
): Promise<void> {
  const change = changedOnly(entry.before, entry.after);
  if (change.keys.length === 0) return;
  await recordAudit(db, at, { ...entry, summary: entry.summary(change), before: change.before, after: change.after });
}

/** The actor of a request's signed-in user. */
export function actorOf(user: { id: string; username: string; role: string }): AuditActor {
  return { id: user.id, name: user.username, role: user.role };
}
