/**
 * E-invoices (issue 22, decision 0021). A paid order's completion inserts its pending invoice and
 * enqueues the `invoices.issue` job in the completion's own transaction (the order hook): the
 * invoice exists exactly once (unique order + kind) whatever replays the payment notice, and the
 * job exists if and only if the order completed. The job asks the provider (retried with backoff
 * while it refuses; the studio lists failures and sends them again). A refund inserts the
 * adjustment invoice (negative amounts) the same way.
 */
import type { Kysely, Transaction } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobQueue } from '../jobs/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { seriesFor, splitVat, type InvoicesConfig } from './invoices.config.ts';
import * as repo from './invoices.repository.ts';
import type { InvoiceRequest } from '../../lib/invoice-request.ts';
import { INVOICE_STATE_LABELS, type InvoiceView } from './invoices.schemas.ts';
import type { InvoiceRow } from './invoices.table.ts';
import { InvoiceProviderError, type InvoiceDraft, type InvoiceProvider } from './provider.ts';
import type { Db } from '../../kernel/db/index.ts';

export const INVOICE_QUEUE = 'invoices.issue';
export const INVOICE_NOT_FOUND = 'Không tìm thấy hóa đơn.';

/** What the invoices need of an order (the orders module answers through the composition root). */
export interface InvoiceOrderFacts {
  id: number;
  code: string;
  userId: number;
  total: number;
  lines: { name: string; amount: number }[];
}

export interface InvoicesDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  config: InvoicesConfig;
  provider: InvoiceProvider;
  orderFacts: (db: Db, orderId: number) => Promise<InvoiceOrderFacts | null>;
  /** The buyer of a personal invoice: the account's name, phone and e-mail. */
  buyerOf: (userId: number) => Promise<{ name: string; phone: string | null; email: string | null }>;
}

/** The steps the invoices add to an order's life (structurally the orders module's OrderHooks). */
export interface InvoiceOrderHooks {
  placed(trx: Transaction<Database>, order: { id: number; invoice?: InvoiceRequest | undefined }): Promise<void>;
  completed(trx: Transaction<Database>, orderId: number): Promise<void>;
  refunded(trx: Transaction<Database>, orderId: number, amount?: number): Promise<void>;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The order's lines with, when the promotion was not spread over them, a discount line: they sum to the total. */
function linesOf(invoice: InvoiceRow, facts: InvoiceOrderFacts | null) {
  // An adjustment is one line: what the refund took back of the order.
  if (invoice.kind === 'adjustment' || !facts)
    return [{ name: `Điều chỉnh giảm: hoàn tiền đơn hàng ${invoice.order_code}`, amount: invoice.total }];
  const lines = facts.lines.map((line) => ({ name: `Khóa học: ${line.name}`, amount: line.amount }));
  const rest = facts.total - facts.lines.reduce((sum, line) => sum + line.amount, 0);
  if (rest !== 0) lines.push({ name: 'Chiết khấu thương mại (mã giảm giá)', amount: rest });
  return lines;
}

export function createInvoicesService(deps: InvoicesDeps) {
  const { db, jobs, config, provider } = deps;
  /** Whether invoices are issued at all: a provider is configured. */
  const enabled = config.provider !== 'none';
  let defined: Promise<void> | undefined;
  const ready = () =>
    (defined ??= jobs.define(INVOICE_QUEUE, {
      unique: true,
      retryLimit: 8,
      retryDelaySeconds: config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
    }));

  async function enqueue(invoiceId: number, within?: Transaction<Database>) {
    await ready();
    await jobs.send(
      INVOICE_QUEUE,
      { invoiceId },
      { singletonKey: `invoice:${invoiceId}`, ...(within ? { within } : {}) },
    );
  }

  const hooks: InvoiceOrderHooks = {
    async placed(trx, order) {
      if (!enabled || !order.invoice) return;
      const { tax_code, company_name, address, email } = order.invoice;
      await repo.insertRequest(trx, order.id, { tax_code, company_name, address, email: email || null }, nowIso());
    },
    async completed(trx, orderId) {
      // Without a provider (production before a real driver exists) no invoice is promised.
      if (!enabled) return;
      const facts = await deps.orderFacts(trx, orderId);
      if (!facts || facts.total <= 0) return; // a free order has no invoice
      const request = await repo.findRequest(trx, orderId);
      const { amountBeforeVat, vat } = splitVat(facts.total, config.vatRate);
      const now = nowIso();
      const id = await repo.insertPending(trx, {
        order_id: orderId,
        order_code: facts.code,
        user_id: facts.userId,
        kind: 'original',
        original_id: null,
        amount_before_vat: amountBeforeVat,
        vat_rate: config.vatRate,
        vat,
        total: facts.total,
        buyer_kind: request ? 'company' : 'personal',
        buyer_name: request?.company_name ?? null,
        buyer_phone: null,
        buyer_tax_code: request?.tax_code ?? null,
        buyer_address: request?.address ?? null,
        buyer_email: request?.email ?? null,
        created_at: now,
        updated_at: now,
      });
      if (id !== null) await enqueue(id, trx);
    },
    async refunded(trx, orderId, amount) {
      const original = await repo.findForOrder(trx, orderId, 'original');
      if (!original) return;
      // A partial refund reduces by what went back; the VAT is split again at the original's rate.
      const refunded = Math.min(amount ?? original.total, original.total);
      const split = splitVat(refunded, original.vat_rate);
      const now = nowIso();
      const id = await repo.insertPending(trx, {
        order_id: orderId,
        order_code: original.order_code,
        user_id: original.user_id,
        kind: 'adjustment',
        original_id: original.id,
        amount_before_vat: -split.amountBeforeVat,
        vat_rate: original.vat_rate,
        vat: -split.vat,
        total: -refunded,
        buyer_kind: original.buyer_kind,
        buyer_name: original.buyer_name,
        buyer_phone: original.buyer_phone,
        buyer_tax_code: original.buyer_tax_code,
        buyer_address: original.buyer_address,
        buyer_email: original.buyer_email,
        created_at: now,
        updated_at: now,
      });
      if (id !== null) await enqueue(id, trx);
    },
  };

  async function draftOf(invoice: InvoiceRow, issuedAt: Date): Promise<InvoiceDraft> {
    const facts = await deps.orderFacts(db, invoice.order_id);
    if (!facts) throw new Error(`order ${invoice.order_id} not found`);
    return {
      requestKey: `khai-tri-invoice-${invoice.id}`,
      template: config.template,
      series: seriesFor(config.seriesPattern, issuedAt),
      issuedAt,
      seller: config.seller,
      buyer: {
        kind: invoice.buyer_kind,
        name: invoice.buyer_name,
        phone: invoice.buyer_phone,
        taxCode: invoice.buyer_tax_code,
        address: invoice.buyer_address,
        email: invoice.buyer_email,
      },
      lines: linesOf(invoice, facts),
      amountBeforeVat: invoice.amount_before_vat,
      vatRate: invoice.vat_rate,
      vat: invoice.vat,
      total: invoice.total,
    };
  }

  /** One run of the job: issues the invoice unless it already is; a refusal is recorded and rethrown (retry). */
  async function issue(invoiceId: number): Promise<void> {
    let invoice = await repo.findInvoice(db, invoiceId);
    if (!invoice || invoice.state === 'issued') return;
    try {
      if (invoice.buyer_kind === 'personal' && invoice.buyer_name === null) {
        const person = await deps.buyerOf(invoice.user_id);
        await repo.fillBuyer(
          db,
          invoice.id,
          { buyer_name: person.name, buyer_phone: person.phone, buyer_email: person.email },
          nowIso(),
        );
        invoice = (await repo.findInvoice(db, invoiceId))!;
      }
      const issuedAt = new Date();
      const draft = await draftOf(invoice, issuedAt);
      let issued;
      if (invoice.kind === 'original') issued = await provider.issue(draft);
      else {
        const original = invoice.original_id === null ? undefined : await repo.findInvoice(db, invoice.original_id);
        if (!original || original.state !== 'issued' || original.number === null)
          throw new InvoiceProviderError('Hóa đơn gốc chưa được xuất: hóa đơn điều chỉnh chờ hóa đơn gốc.');
        issued = await provider.adjust({
          ...draft,
          adjusts: {
            template: original.template!,
            series: original.series!,
            number: original.number,
            issuedAt: readDate(original.issued_at!),
          },
          reason: `Hoàn tiền đơn hàng ${invoice.order_code}`,
        });
      }
      await repo.markIssued(
        db,
        invoice.id,
        {
          template: issued.template,
          series: issued.series,
          number: issued.number,
          lookup_code: issued.lookupCode,
          provider_id: issued.providerId,
        },
        issuedAt.toISOString(),
      );
    } catch (error) {
      await repo.markFailed(db, invoice.id, errorText(error), nowIso());
      throw error;
    }
  }

  function toView(invoice: InvoiceRow): InvoiceView {
    return {
      id: invoice.id,
      kind: invoice.kind,
      state: invoice.state,
      state_label: INVOICE_STATE_LABELS[invoice.state],
      template: invoice.template,
      series: invoice.series,
      number: invoice.number,
      lookup_code: invoice.lookup_code,
      issued_at: invoice.issued_at === null ? null : readDate(invoice.issued_at).toISOString(),
      amount_before_vat: invoice.amount_before_vat,
      vat_rate: invoice.vat_rate,
      vat: invoice.vat,
      total: invoice.total,
      buyer_kind: invoice.buyer_kind,
      buyer_name: invoice.buyer_name,
      buyer_tax_code: invoice.buyer_tax_code,
      pdf_url: invoice.state === 'issued' ? `/api/user/invoice/${invoice.id}/pdf` : null,
    };
  }

  /** The learner's own invoice, or NOT_FOUND (someone else's id is not found either). */
  async function requireOwn(userId: number, id: number) {
    const invoice = await repo.findInvoice(db, id);
    if (!invoice || invoice.user_id !== userId) throw new AppError('NOT_FOUND', INVOICE_NOT_FOUND);
    return invoice;
  }

  return {
    enabled,
    hooks,
    issue,
    enqueue,
    toView,
    async registerJobs() {
      await ready();
      await jobs.work<{ invoiceId: number }>(INVOICE_QUEUE, (job) => issue(Number(job.data.invoiceId)));
    },
    /** The invoices of one of the learner's orders (by order code), oldest first. */
    async listForOrder(userId: number, orderCode: string): Promise<InvoiceView[]> {
      const rows = await db
        .selectFrom('invoices')
        .selectAll()
        .where('user_id', '=', userId)
        .where('order_code', '=', orderCode)
        .orderBy('id')
        .execute();
      return rows.map(toView);
    },
    /** The issued invoice as a PDF, for its owner only. */
    async renderPdf(userId: number, id: number) {
      const invoice = await requireOwn(userId, id);
      if (invoice.state !== 'issued') throw new AppError('NOT_FOUND', 'Hóa đơn đang được xuất, vui lòng thử lại sau.');
      const facts = await deps.orderFacts(db, invoice.order_id);
      const original = invoice.original_id === null ? undefined : await repo.findInvoice(db, invoice.original_id);
      const bytes = await renderInvoicePdf({
        kind: invoice.kind,
        template: invoice.template!,
        series: invoice.series!,
        number: invoice.number!,
        lookupCode: invoice.lookup_code!,
        issuedAt: readDate(invoice.issued_at!),
        seller: config.seller,
        buyer: {
          name: invoice.buyer_name,
          phone: invoice.buyer_phone,
          taxCode: invoice.buyer_tax_code,
          address: invoice.buyer_address,
          email: invoice.buyer_email,
        },
        orderCode: invoice.order_code,
        lines: linesOf(invoice, facts),
        adjusts: original
          ? {
              template: original.template!,
              series: original.series!,
              number: original.number!,
              issuedAt: readDate(original.issued_at!),
            }
          : null,
        amountBeforeVat: invoice.amount_before_vat,
        vatRate: invoice.vat_rate,
        vat: invoice.vat,
        total: invoice.total,
      });
      return { fileName: `hoa-don-${invoice.series}-${invoice.number}.pdf`, bytes };
    },
  };
}
