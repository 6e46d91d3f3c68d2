export { actorOf, recordAudit, recordChange, SHOP_ACTOR, type AuditActor, type AuditEntry } from './record';
export { describeChanges, type FieldChange } from './diff';
export { readAuditLog, type AuditLogFilters } from './read';
