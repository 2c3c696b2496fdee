/** The orders module's tables (issue 5): orders and their lines, composed into db/schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Counter, Timestamp } from '../../kernel/db/columns.ts';
import type { CourseType } from '../catalog/catalog.table.ts';

export type OrderStatus = 'pending' | 'paid' | 'completed' | 'cancelled' | 'expired' | 'failed' | 'refunded';

export type PaymentMethod =
  'momo' | 'onepay_domestic' | 'onepay_international' | 'vnpay' | 'zalopay' | 'vietqr' | 'carrier' | 'free';

export interface OrdersTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  status: OrderStatus;
  payment_method: PaymentMethod;
  subtotal: number;
  discount: Counter;
  total: number;
  promotion_id: number | null;
  promotion_code: string | null;
  failure_reason: string | null;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  completed_at: Timestamp | null;
  /** When it became cancelled, expired, failed or refunded. */
  closed_at: Timestamp | null;
  /** The payment attempt that paid it (gateway orders); any other succeeded attempt is refunded. */
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The affiliate the buyer's referral cookie named at checkout (never the buyer); added by the affiliates migration. */
  affiliate_id: number | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  course_id: number;
  pod_id: number | null;
  course_title: string;
  course_slug: string;
  course_type: CourseType;
  cycle: number;
  price: number;
  discount: Counter;
}

/** Composed into `Database` (db/schema.ts). */
export interface OrdersTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
