export { actorOf, recordAudit, SHOP_ACTOR, type AuditActor, type AuditEntry } from './record';
export { changedOnly, describeChanges } from './diff';
export { readAuditLog, type AuditLogFilters } from './read';
