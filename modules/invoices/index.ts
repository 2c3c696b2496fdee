/** The invoices module's public face: e-invoices of paid orders (decision 0021). */
import type { Kysely } from 'kysely';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import { createInvoiceSimulator, createMissingProvider, type InvoiceSimulator } from './invoice-simulator.ts';
import { readInvoicesConfig } from './invoices.config.ts';
import { createInvoicesService, type InvoicesDeps, type InvoicesService } from './invoices.service.ts';

export { invoicesRoutes } from './invoices.routes.ts';
export { invoicesAdminRoutes } from './invoices.admin.routes.ts';
export { createInvoicesAdmin, type InvoicesAdmin } from './invoices.admin.ts';
export { adminInvoicesQuery, reissueBody, type AdminInvoice } from './invoices.schemas.ts';
export { invoiceViewSchema, INVOICE_STATE_LABELS } from './invoices.schemas.ts';
export type { InvoiceView } from './invoices.schemas.ts';
export type { InvoicesService, InvoiceOrderHooks, InvoiceOrderFacts } from './invoices.service.ts';
export type { InvoiceProvider, InvoiceDraft, AdjustmentDraft, IssuedInvoice } from './provider.ts';
export type { InvoiceSimulator } from './invoice-simulator.ts';

export interface InvoicesServices {
  invoices: InvoicesService;
  /** The provider simulator (null with another provider): tests make it refuse. */
  invoiceSimulator: InvoiceSimulator | null;
}

/** The service with the provider chosen by INVOICE_PROVIDER, for the composition root. */
export function createInvoices(
  deps: Omit<InvoicesDeps, 'config' | 'provider'> & { env: Env; db: Kysely<Database>; jobs: JobQueue },
): InvoicesServices {
  const config = readInvoicesConfig(deps.env);
  const simulator = config.provider === 'simulator' ? createInvoiceSimulator(deps.db) : null;
  const invoices = createInvoicesService({
    db: deps.db,
    jobs: deps.jobs,
    config,
    provider: simulator ?? createMissingProvider(),
    orderFacts: deps.orderFacts,
    buyerOf: deps.buyerOf,
  });
  return { invoices, invoiceSimulator: simulator };
}
