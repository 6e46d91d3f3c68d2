import type { AuditActorWire, AuditState } from '@shop/shared/contract/audit';
import { shopDateTime } from '@shop/shared/domain/dates';
import { ROLE_LABELS, type Role } from '@shop/shared/domain/roles';

/** One changed field as the screen shows it: its name and its value before and after, as text. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A stored value as a person reads it: '—' for nothing, yes/no, lists joined, objects as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.length === 0 ? 'none' : value.join(', ');
  }
  return JSON.stringify(value);
}

/** 'minimumOrder' → 'minimum order', 'priceM' → 'price M'. */
export function fieldLabel(field: string): string {
  return field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/ ([A-Z][a-z])/g, (_match, word: string) => ` ${word.toLowerCase()}`)
    .replace(/^./, (first) => first.toUpperCase());
}

/**
 * The fields an entry changed, in the order the entry names them: every field of before or after whose value differs
 * (a field only after was added, one only before was removed).
 */
export function fieldChanges(before: AuditState, after: AuditState): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, from: before?.[field], to: after?.[field] }))
    .filter(({ from, to }) => JSON.stringify(from ?? null) !== JSON.stringify(to ?? null))
    .map(({ field, from, to }) => ({ field: fieldLabel(field), before: valueText(from), after: valueText(to) }));
}

/** When, on London's clock: '18/11/2026 18:00'. */
export function londonWhen(iso: string): string {
  const { date, time } = shopDateTime(new Date(iso));
  return `${date} ${time}`;
}

/** Who, with their role: 'Maya (Manager)'; the shop's own actions: 'The shop'. */
export function actorText(actor: AuditActorWire): string {
  if (actor.id === null) return actor.name;
  const role = ROLE_LABELS[actor.role as Role] ?? actor.role;
  return `${actor.name} (${role})`;
}

/** An action as the filter offers it: 'order.refund' → 'Order: refund'. */
export function actionText(action: string): string {
  const [subject = '', verb = ''] = action.split('.');
  return `${fieldLabel(subject)}: ${verb.replace(/-/g, ' ')}`;
}

/** The subjects of a list of actions, each once, for the 'every action of' choices: ['order.', 'product.']. */
export function actionPrefixes(actions: readonly string[]): string[] {
  return [...new Set(actions.map((action) => `${action.split('.')[0] ?? ''}.`))];
}
