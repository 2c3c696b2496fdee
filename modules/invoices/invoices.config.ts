/** The e-invoice settings, read from config/env.ts (decision 0021). */
import type { Env } from '../../config/env.ts';

export interface InvoicesConfig {
  provider: 'simulator' | 'none';
  vatRate: number;
  seller: { name: string; taxCode: string; address: string };
  template: string;
  /** With `{YY}` standing for the last two digits of the year of issue. */
  seriesPattern: string;
  retryDelaySeconds: number;
  publicUrl: string;
}

export function readInvoicesConfig(env: Env): InvoicesConfig {
  return {
    provider: env.INVOICE_PROVIDER ?? (env.APP_ENV === 'production' ? 'none' : 'simulator'),
    vatRate: env.INVOICE_VAT_RATE,
    seller: {
      name: env.INVOICE_SELLER_NAME,
      taxCode: env.INVOICE_SELLER_TAX_CODE,
      address: env.INVOICE_SELLER_ADDRESS,
    },
    template: env.INVOICE_TEMPLATE,
    seriesPattern: env.INVOICE_SERIES,
    retryDelaySeconds: env.INVOICE_RETRY_DELAY_SECONDS,
    publicUrl: env.PUBLIC_URL,
  };
}

/** The series of an invoice issued at `at`: the year in Vietnam (UTC+7) replaces `{YY}`. */
export function seriesFor(pattern: string, at: Date): string {
  const year = new Date(at.getTime() + 7 * 3_600_000).getUTCFullYear();
  return pattern.replace('{YY}', String(year % 100).padStart(2, '0'));
}

/** A total that includes VAT split into the amount before VAT and the VAT (whole đồng). */
export function splitVat(total: number, rate: number): { amountBeforeVat: number; vat: number } {
  const amountBeforeVat = Math.round((total * 100) / (100 + rate));
  return { amountBeforeVat, vat: total - amountBeforeVat };
}
