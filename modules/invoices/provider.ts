/**
 * The e-invoice provider driver (decision 0021): what the product asks of an invoice provider
 * (VNPT, Viettel, MISA… in production; the simulator elsewhere). Every request carries a key the
 * product chooses (`requestKey`): a provider answers a repeated key with the invoice it already
 * issued, so a job that crashed after the provider answered can safely ask again.
 */
export interface InvoiceLine {
  name: string;
  /** VND, VAT included. */
  amount: number;
}

export interface InvoiceDraft {
  requestKey: string;
  template: string;
  series: string;
  issuedAt: Date;
  seller: { name: string; taxCode: string; address: string };
  buyer: {
    kind: 'personal' | 'company';
    name: string | null;
    phone: string | null;
    taxCode: string | null;
    address: string | null;
    email: string | null;
  };
  lines: InvoiceLine[];
  amountBeforeVat: number;
  vatRate: number;
  vat: number;
  total: number;
}

/** An adjustment refers to the invoice it adjusts (its template, series and number). */
export interface AdjustmentDraft extends InvoiceDraft {
  adjusts: { template: string; series: string; number: number; issuedAt: Date };
  reason: string;
}

export interface IssuedInvoice {
  providerId: string;
  template: string;
  series: string;
  number: number;
  /** The code the buyer types on the provider's (or the tax authority's) lookup page. */
  lookupCode: string;
}

export interface InvoiceProvider {
  readonly name: string;
  issue(draft: InvoiceDraft): Promise<IssuedInvoice>;
  /** An adjustment invoice (hóa đơn điều chỉnh): a refund reduces the original with a negative one. */
  adjust(draft: AdjustmentDraft): Promise<IssuedInvoice>;
  /** A replacement invoice (hóa đơn thay thế) for one issued with wrong details. */
  replace(draft: AdjustmentDraft): Promise<IssuedInvoice>;
  lookup(lookupCode: string): Promise<IssuedInvoice | null>;
  /** Not used for refunds (decision 0021: an adjustment keeps the original readable). */
  cancel(providerId: string, reason: string): Promise<void>;
}

/** A provider's refusal; the job records it and tries again. */
export class InvoiceProviderError extends Error {
  override name = 'InvoiceProviderError';
}
