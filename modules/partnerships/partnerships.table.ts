/** The partnerships module's table (issue 8 §2), composed into db/schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export type PartnershipKind = 'school' | 'partner' | 'teacher' | 'other';
export type PartnershipStatus = 'new' | 'contacted' | 'won' | 'lost';

/** A request to work together, sent from the solution, teacher or partner pages. */
export interface PartnershipRequestsTable {
  id: Generated<number>;
  kind: PartnershipKind;
  organization: string;
  contact_name: string;
  /** Stored form 84xxxxxxxxx (lib/phone.ts). */
  phone: string;
  email: string;
  needs: string;
  learners: number | null;
  /** The page the request was sent from. */
  source_path: string;
  status: ColumnType<PartnershipStatus, PartnershipStatus | undefined, PartnershipStatus>;
  notes: ColumnType<string, string | undefined, string>;
  search_text: string;
  user_id: number | null;
  ip: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface PartnershipsTables {
  partnership_requests: PartnershipRequestsTable;
}

export type PartnershipRequestRow = Selectable<PartnershipRequestsTable>;
