/** The studio's own table (issue 7): the audit log, composed into db/schema.ts. */
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

/** One studio write: who, what, on which record, a JSON summary, from where, when. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  /** e.g. `order.refund`, `user.lock`. */
  action: string;
  target_type: string;
  target_id: string;
  /** JSON: the change (before/after or the request and its answer). */
  summary: string;
  ip: string | null;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface StudioTables {
  audit_log: AuditLogTable;
}

export type AuditLogRow = Selectable<AuditLogTable>;
