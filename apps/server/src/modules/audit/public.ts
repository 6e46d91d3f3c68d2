export { actorOf, recordAudit, SHOP_ACTOR, type AuditActor, type AuditEntry } from './record';
