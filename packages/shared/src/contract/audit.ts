/**
 * The audit log (decision 1402), for owners and managers:
 * `GET /api/audit-log?from=&to=&actor=&action=&before=&limit=` -> `{ entries, nextBefore, actors, actions }`.
 * - from, to: London dates 'YYYY-MM-DD', both inclusive; by default the last 7 days (today and the 6 before);
 * - actor: a user's id, or `shop` for what the shop did by itself (its timers);
 * - action: one action ('order.refund') or every action of a subject, by its prefix ending in a dot ('order.');
 * - newest first, `limit` entries a page (default 50); the next page is asked with `before=<nextBefore>`, the id of
 *   the last entry shown; nextBefore is null on the last page;
 * - actors and actions: every actor and action the log holds, whatever the filters, for the screen's selects.
 * No route changes or deletes an entry.
 */
import { z } from 'zod';

export const AUDIT_LOG_PATH = '/api/audit-log';
export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_DEFAULT_DAYS = 7;
/** The `actor` filter's value for the shop's own actions (entries whose actor has no account). */
export const SHOP_ACTOR_FILTER = 'shop';

const DATE_MESSAGE = 'must be a date as YYYY-MM-DD';
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

/** A London date as a query sends it (YYYY-MM-DD, a real day of the calendar); the tips report reads its dates so too. */
export const auditDateSchema = (field: string) =>
  z
    .string(`${field} ${DATE_MESSAGE}`)
    .regex(DATE_PATTERN, `${field} ${DATE_MESSAGE}`)
    .refine(isCalendarDate, `${field} is not a date of the calendar`);

const ID_MESSAGE = 'must be a user id (24 hexadecimal characters) or shop';
const ACTION_MESSAGE = "must be an action such as order.refund, or a prefix such as 'order.'";
const BEFORE_MESSAGE = 'must be the id of an entry (nextBefore of the previous page)';
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

export const auditLogQuerySchema = z
  .object({
    from: auditDateSchema('from').optional(),
    to: auditDateSchema('to').optional(),
    actor: z
      .string(`actor ${ID_MESSAGE}`)
      .regex(/^([0-9a-f]{24}|shop)$/, `actor ${ID_MESSAGE}`)
      .optional(),
    action: z
      .string(`action ${ACTION_MESSAGE}`)
      .regex(/^[a-z][a-z-]*(\.([a-z][a-z-]*)?)?$/, `action ${ACTION_MESSAGE}`)
      .max(60, `action ${ACTION_MESSAGE}`)
      .optional(),
    before: z
      .string(`before ${BEFORE_MESSAGE}`)
      .regex(/^[0-9a-f]{24}$/, `before ${BEFORE_MESSAGE}`)
      .optional(),
    limit: z.coerce.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).default(AUDIT_LOG_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'to must be on or after from',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditActorSchema = z.object({
  /** null: the shop itself (a timer). */
  id: z.string().nullable(),
  name: z.string(),
  role: z.string(),
});
export type AuditActorWire = z.infer<typeof auditActorSchema>;

/** What a change touched, before and after, as plain fields (amounts in pounds, as the screens show them). */
const auditStateSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditState = z.infer<typeof auditStateSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  before: auditStateSchema,
  after: auditStateSchema,
});
export type AuditEntryWire = z.infer<typeof auditEntrySchema>;

export const auditLogAnswerSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Send as `before` for the next page; null when there is none. */
  nextBefore: z.string().nullable(),
  /** The dates the answer covers, after the defaults: 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  actors: z.array(auditActorSchema),
  actions: z.array(z.string()),
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswerSchema>;
