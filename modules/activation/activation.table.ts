/** The activation module's tables (issue 5): activation codes and their redemptions, composed into db/schema.ts. */
import type { Generated, Insertable } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

export interface ActivationCodesTable {
  id: Generated<number>;
  code: string;
  batch: string;
  course_id: number;
  pod_id: number | null;
  max_uses: Counter;
  used: Counter;
  /** Access length after redemption; null = the package's cycle, or unlimited. */
  access_days: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  is_active: Flag;
  created_at: Timestamp;
}

export interface ActivationRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface ActivationTables {
  activation_codes: ActivationCodesTable;
  activation_redemptions: ActivationRedemptionsTable;
}

export type NewActivationCode = Insertable<ActivationCodesTable>;
