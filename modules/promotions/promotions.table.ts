/** The promotions module's tables (issue 5): codes, their scope and their uses, composed into db/schema.ts. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

export type PromotionType = 'same_price' | 'fixed_price' | 'percentage';
export type CustomerType = 'all_user' | 'user_sub' | 'user_active' | 'user_inactive';

export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  type: PromotionType;
  /** same_price: the price of each eligible line; fixed_price: đồng off; percentage: 1–100. */
  value: number;
  /** percentage: the cap in đồng (null = none). */
  max_discount: number | null;
  min_order: Counter;
  /** Total uses (null = unlimited); `used` counts uses held by live orders. */
  quantity: number | null;
  used: Counter;
  per_user: Counter;
  customer_type: ColumnType<CustomerType, CustomerType | undefined, CustomerType>;
  scope: ColumnType<'all' | 'categories' | 'courses', 'all' | 'categories' | 'courses' | undefined>;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  is_active: Flag;
  /** Listed on the offers page (promotion.json). */
  is_public: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromotionTargetsTable {
  promotion_id: number;
  kind: 'category' | 'course';
  target_id: number;
}

export interface PromotionUsagesTable {
  id: Generated<number>;
  promotion_id: number;
  user_id: number;
  order_id: number;
  discount: number;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface PromotionsTables {
  promotions: PromotionsTable;
  promotion_targets: PromotionTargetsTable;
  promotion_usages: PromotionUsagesTable;
}

export type PromotionRow = Selectable<PromotionsTable>;
export type NewPromotion = Insertable<PromotionsTable>;
