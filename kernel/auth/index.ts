/** The auth kernel: the audit port the studio's operations of every module write to. */
export type { AuditLog } from './audit.ts';
