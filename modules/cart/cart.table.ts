/** The cart module's tables (issue 5), composed into db/schema.ts. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export interface CartsTable {
  id: Generated<number>;
  /** A signed-in learner's cart; null for an anonymous cart keyed by `token` (cookie). */
  user_id: number | null;
  token: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  course_id: number;
  pod_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface CartTables {
  carts: CartsTable;
  cart_items: CartItemsTable;
}
