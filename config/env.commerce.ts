/**
 * The commerce settings of the environment (payment gateways, carrier billing, e-invoices, VietQR
 * transfers): part of the schema `config/env.ts` checks. Declarations only: env.ts stays the one
 * reader of process.env.
 */
import { z } from 'zod';
import { booleanFlag } from './env.fields.ts';

export const commerceSettings = {
  // Payment gateways (PROTOCOLS.md). Outside production every gateway defaults to the built-in
  // simulator (/__sim/pay/*) with public sandbox credentials; in production set the real ones.
  PAYMENT_SIMULATOR: booleanFlag.optional(),
  /** Minutes before an unpaid order expires. */
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Affiliates: the commission rate (percent of the amount paid) of a course without its own rate. */
  AFFILIATE_DEFAULT_RATE: z.coerce.number().int().min(0).max(100).default(10),
  MOMO_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  MOMO_PARTNER_CODE: z.string().min(1).optional(),
  MOMO_ACCESS_KEY: z.string().min(1).optional(),
  MOMO_SECRET_KEY: z.string().min(1).optional(),
  ONEPAY_DOMESTIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ONEPAY_INTERNATIONAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  ONEPAY_MERCHANT: z.string().min(1).optional(),
  ONEPAY_ACCESS_CODE: z.string().min(1).optional(),
  ONEPAY_HASH_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]+$/, 'phải là chuỗi hex')
    .optional(),
  ONEPAY_INTL_MERCHANT: z.string().min(1).optional(),
  ONEPAY_INTL_ACCESS_CODE: z.string().min(1).optional(),
  ONEPAY_INTL_HASH_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]+$/, 'phải là chuỗi hex')
    .optional(),
  VNPAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  VNPAY_TMN_CODE: z.string().min(1).optional(),
  VNPAY_HASH_SECRET: z.string().min(1).optional(),
  /** ZaloPay Gateway API v2: API host (sandbox https://sb-openapi.zalopay.vn), app_id, key1 (requests), key2 (callbacks). */
  ZALOPAY_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  ZALOPAY_APP_ID: z.string().regex(/^\d+$/, 'phải là số app_id ZaloPay cấp').optional(),
  ZALOPAY_KEY1: z.string().min(1).optional(),
  ZALOPAY_KEY2: z.string().min(1).optional(),
  // Carrier billing (charge to the phone account). Without CARRIER_API_URL the built-in operator
  // simulator charges outside production (PAYMENT_SIMULATOR); in production carrier billing is off.
  CARRIER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  CARRIER_API_TOKEN: z.string().min(1).optional(),
  /** Milliseconds before a charge that got no answer counts as timed out. */
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** The service's short code learners text `DK <MÃ>` / `HUY <MÃ>` to. */
  CARRIER_SHORT_CODE: z
    .string()
    .regex(/^\d{3,6}$/, 'phải là đầu số 3–6 chữ số')
    .default('9234'),
  CARRIER_NAME: z.string().min(1).default('MobiFone'),
  /** The hotline told before buying when the site setting HOTLINE is empty. */
  CARRIER_HOTLINE: z.string().min(3).default('1800 1090'),
  /** Shared secret of the inbound-SMS webhook (HMAC-SHA256 of the raw body, hex, in x-carrier-signature). */
  CARRIER_SMS_SECRET: z.string().min(16, 'cần ít nhất 16 ký tự').optional(),
  /** Gateway query and refund APIs: OnePay's merchant API host, user and password; VNPay's merchant web API. */
  ONEPAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  ONEPAY_USER: z.string().min(1).optional(),
  ONEPAY_PASSWORD: z.string().min(1).optional(),
  VNPAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // E-invoices (modules/invoices, decision 0021): the provider, the seller and the VAT rate.
  /**
   * `simulator` (numbers invoices itself; not allowed in production) or `none` (invoices wait, failed,
   * in the studio until a provider is configured). Default: simulator outside production, none in it.
   */
  INVOICE_PROVIDER: z.enum(['simulator', 'none']).optional(),
  /** VAT rate in percent applied to the amount paid (prices include VAT). */
  INVOICE_VAT_RATE: z.coerce.number().int().min(0).max(10).default(0),
  INVOICE_SELLER_NAME: z.string().min(1).default('Công ty Cổ phần Giáo dục Khai Trí'),
  INVOICE_SELLER_TAX_CODE: z
    .string()
    .regex(/^\d{10}(-\d{3})?$/, 'phải là mã số thuế 10 chữ số, hoặc 10 chữ số-3 chữ số')
    .default('0109999999'),
  INVOICE_SELLER_ADDRESS: z.string().min(1).default('Số 1 Đại Cồ Việt, phường Bạch Mai, Hà Nội'),
  /** Ký hiệu mẫu số: 1 = hóa đơn giá trị gia tăng, 2 = hóa đơn bán hàng. */
  INVOICE_TEMPLATE: z.enum(['1', '2']).default('1'),
  /** Ký hiệu hóa đơn: C (có mã của cơ quan thuế) or K, {YY} = the year of issue, then T and two letters. */
  INVOICE_SERIES: z
    .string()
    .regex(/^[CK](\{YY\}|\d{2})[TDLMNBGH][A-Z]{2}$/, 'phải có dạng C{YY}TKT (6 ký tự, xem Thông tư 78/2021/TT-BTC)')
    .default('C{YY}TKT'),
  /** Seconds before an invoice the provider refused is tried again (doubled at each try). */
  INVOICE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Reconciliation of pending gateway payments: how often, and how old a payment must be first. */
  RECONCILE_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  // Bank transfers by VietQR (decision 0018): the account learners transfer to, and the secret the
  // bank-notification service signs its webhook with. Outside production a demo account and secret
  // apply; in production the method is offered only when all four are set.
  VIETQR_BANK_BIN: z
    .string()
    .regex(/^\d{6}$/, 'phải là mã BIN ngân hàng 6 chữ số')
    .optional(),
  VIETQR_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[0-9A-Za-z]{1,19}$/, 'phải là số tài khoản (tối đa 19 chữ số hoặc chữ cái)')
    .optional(),
  /** The account holder as the bank shows it (uppercase, no marks). */
  VIETQR_ACCOUNT_NAME: z.string().min(2).max(70).optional(),
  /** The bank's name shown to learners; without it, the name known for the BIN. */
  VIETQR_BANK_NAME: z.string().min(2).max(70).optional(),
  /** HMAC-SHA256 key of the bank-notification webhook (hex signature in x-bank-signature). */
  BANK_WEBHOOK_SECRET: z.string().min(16, 'cần ít nhất 16 ký tự').optional(),
  /** Reconciliation against the bank statement: the job's period, and the window each run reads back. */
  BANK_STATEMENT_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  BANK_STATEMENT_WINDOW_MINUTES: z.coerce.number().int().min(15).max(10_080).default(1440),
};
