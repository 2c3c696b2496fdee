/**
 * The campaigns module's tables: landing pages, each a named list of courses and promotions, composed into
 * db/schema.ts.
 */
import type { Generated, Insertable } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

export interface CampaignsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignItemsTable {
  campaign_id: number;
  kind: 'course' | 'promotion';
  target_id: number;
  position: Counter;
}

/** Composed into `Database` (db/schema.ts). */
export interface CampaignsTables {
  campaigns: CampaignsTable;
  campaign_items: CampaignItemsTable;
}

export type NewCampaign = Insertable<CampaignsTable>;
