/** The enrolments module's table (issue 5): who may study what, composed into db/schema.ts. */
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export type EnrolmentSource = 'order' | 'activation' | 'free' | 'subscription' | 'studio';

export interface EnrolmentsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  source: EnrolmentSource;
  order_id: number | null;
  activation_code_id: number | null;
  starts_at: Timestamp;
  /** null = unlimited. */
  ends_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface EnrolmentsTables {
  enrolments: EnrolmentsTable;
}

export type EnrolmentRow = Selectable<EnrolmentsTable>;
