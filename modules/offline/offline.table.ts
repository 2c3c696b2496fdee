/** The offline module's tables (migration 2026-11-26T0730-offline), composed into db/schema.ts. */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

/** A lesson a learner downloaded on one device, granted until `expires_at` (never past the enrolment's end). */
export interface OfflineLicencesTable {
  /** Random, URL-safe; named in the signed licence. */
  id: string;
  user_id: number;
  lesson_id: number;
  course_id: number;
  device_id: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** One change made offline and sent by the sync: applied once per (learner, device, op id). */
export interface OfflineSyncOpsTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  op_id: string;
  kind: 'progress' | 'note' | 'quiz';
  lesson_id: number;
  /** applying (claimed, being applied), applied, rejected (refused by the rules; not retried). */
  status: 'applying' | 'applied' | 'rejected';
  /** The answer given the first time (JSON), given again to a replay. */
  result: string | null;
  claimed_at: Timestamp;
  updated_at: Timestamp;
}

export interface OfflineTables {
  offline_licences: OfflineLicencesTable;
  offline_sync_ops: OfflineSyncOpsTable;
}
