/** The invoices module's tables (migration 2026-11-26T0720-invoices), composed into db/schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

export type InvoiceKind = 'original' | 'adjustment';
export type InvoiceState = 'pending' | 'issued' | 'failed';
export type BuyerKind = 'personal' | 'company';

export interface InvoicesTable {
  id: Generated<number>;
  /** One original and at most one adjustment per order (unique order_id + kind). */
  order_id: number;
  order_code: string;
  user_id: number;
  kind: InvoiceKind;
  /** An adjustment: the invoice it adjusts. */
  original_id: number | null;
  state: InvoiceState;
  /** Ký hiệu mẫu số ("1": hóa đơn giá trị gia tăng), ký hiệu hóa đơn ("C26TKT") and number: set when issued. */
  template: string | null;
  series: string | null;
  number: number | null;
  lookup_code: string | null;
  provider_id: string | null;
  /** VND; negative on an adjustment that reduces. */
  amount_before_vat: number;
  /** Percent. */
  vat_rate: number;
  vat: number;
  total: number;
  buyer_kind: BuyerKind;
  buyer_name: string | null;
  buyer_phone: string | null;
  buyer_tax_code: string | null;
  buyer_address: string | null;
  buyer_email: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  issued_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A company invoice the buyer asked for at checkout (validated there). */
export interface InvoiceRequestsTable {
  order_id: number;
  tax_code: string;
  company_name: string;
  address: string;
  email: string | null;
  created_at: Timestamp;
}

export interface InvoiceSequencesTable {
  template: string;
  series: string;
  last_number: number;
}

/** What the simulator issued, by request key (a replayed request answers the same invoice). */
export interface InvoiceSimulatorIssuesTable {
  request_key: string;
  template: string;
  series: string;
  number: number;
  lookup_code: string;
  created_at: Timestamp;
}

export interface InvoicesTables {
  invoices: InvoicesTable;
  invoice_requests: InvoiceRequestsTable;
  invoice_sequences: InvoiceSequencesTable;
  invoice_simulator_issues: InvoiceSimulatorIssuesTable;
}

export type InvoiceRow = Selectable<InvoicesTable>;
