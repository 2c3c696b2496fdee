/**
 * The studio's e-invoices (orders.read to list, orders.refund to send one again): every invoice
 * with its state, failed ones first, and "Xuất lại" — a new issue job for a pending or failed one.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './invoices.repository.ts';
import type { AdminInvoice } from './invoices.schemas.ts';
import type { InvoicesService } from './invoices.service.ts';
import type { InvoiceState } from './invoices.table.ts';

export function createInvoicesAdmin<Actor>(deps: {
  db: Kysely<Database>;
  invoices: Pick<InvoicesService, 'toView' | 'enqueue'>;
  audit: AuditLog<Actor>;
}) {
  const { db, invoices, audit } = deps;
  return {
    async list(query: { state?: InvoiceState | undefined; page: number; limit: number }) {
      const [rows, total, failed] = await Promise.all([
        repo.listInvoices(db, { state: query.state, limit: query.limit, offset: (query.page - 1) * query.limit }),
        repo.countInvoices(db, query.state),
        repo.countInvoices(db, 'failed'),
      ]);
      const items: AdminInvoice[] = rows.map((row) => {
        const { pdf_url: _pdf, ...view } = invoices.toView(row);
        return {
          ...view,
          order_code: row.order_code,
          user_id: row.user_id,
          attempts: row.attempts,
          last_error: row.last_error,
          created_at: readDate(row.created_at).toISOString(),
        };
      });
      return { items, total, failed };
    },
    /** Sends a pending or failed invoice to the provider again (a new job; the old one may have given up). */
    async reissue(actor: Actor, id: number) {
      const invoice = await repo.findInvoice(db, id);
      if (!invoice) throw new AppError('NOT_FOUND', 'Không tìm thấy hóa đơn.');
      if (invoice.state === 'issued') throw new AppError('CONFLICT', 'Hóa đơn này đã được xuất.');
      await repo.markPending(db, id, nowIso());
      await invoices.enqueue(id);
      await audit(actor, 'invoice.reissue', { type: 'invoice', id }, { order: invoice.order_code });
      return { id };
    },
  };
}

export type InvoicesAdmin<Actor> = ReturnType<typeof createInvoicesAdmin<Actor>>;
