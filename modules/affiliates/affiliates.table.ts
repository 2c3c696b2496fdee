/** The affiliates module's tables (issue 8 §1), composed into db/schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export type AffiliateStatus = 'active' | 'suspended';
export type CommissionStatus = 'pending' | 'approved' | 'paid' | 'reversed';

/** A learner in the affiliate programme, with the referral code of their links (`?ref=CODE`). */
export interface AffiliatesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  status: ColumnType<AffiliateStatus, AffiliateStatus | undefined, AffiliateStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A visit through a referral link: one per visitor (a hash) per Vietnam day. */
export interface AffiliateClicksTable {
  id: Generated<number>;
  affiliate_id: number;
  visitor: string;
  /** YYYY-MM-DD, Vietnam time. */
  day: string;
  path: string;
  created_at: Timestamp;
}

/** What a referred order earned: on the amount actually paid; reversed when the order is refunded. */
export interface AffiliateCommissionsTable {
  id: Generated<number>;
  affiliate_id: number;
  order_id: number;
  base_amount: number;
  amount: number;
  status: CommissionStatus;
  payout_id: number | null;
  approved_at: Timestamp | null;
  paid_at: Timestamp | null;
  reversed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A payout recorded in the studio: every approved commission of the affiliate became paid. */
export interface AffiliatePayoutsTable {
  id: Generated<number>;
  affiliate_id: number;
  amount: number;
  commission_count: number;
  reference: string;
  note: string | null;
  actor_id: number | null;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface AffiliatesTables {
  affiliates: AffiliatesTable;
  affiliate_clicks: AffiliateClicksTable;
  affiliate_commissions: AffiliateCommissionsTable;
  affiliate_payouts: AffiliatePayoutsTable;
}

export type AffiliateRow = Selectable<AffiliatesTable>;
export type CommissionRow = Selectable<AffiliateCommissionsTable>;
