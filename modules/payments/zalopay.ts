/**
 * ZaloPay Gateway API v2 (shared/vectors/PROTOCOLS.md; docs.zalopay.vn): hex HMAC-SHA256.
 *
 * - Create (`{endpoint}/v2/create`, JSON): mac with **key1** over
 *   `app_id|app_trans_id|app_user|amount|app_time|embed_data|item`; app_trans_id is `yyMMdd_` + our
 *   reference, the date in GMT+7; embed_data carries `redirecturl` (the browser's return address);
 *   expire_duration_seconds follows the order's deadline (300 s–30 days). return_code 1 gives order_url.
 * - Callback (server to server, JSON `{ data, mac, type }`): mac with **key2** over `data` exactly as
 *   received; ZaloPay calls back only a successful payment. Answered `{ return_code, return_message }`:
 *   1 handled, 2 already handled, -1 mac invalid, 0 anything else (ZaloPay retries up to 3 times).
 * - Browser return: `appid, apptransid, pmcid, bankcode, amount, discountamount, status, checksum`,
 *   checksum with key2 over those values joined by `|` in that order; status 1 = paid.
 * - Query (`/v2/query`): mac key1 over `app_id|app_trans_id|key1`; return_code 1 paid, 3 processing,
 *   2 failed (sub_return_code -101 = no such order, an assumption our simulator shares; -401, -402,
 *   -429, -500, -999 are request errors that say nothing about the payment: gateway errors).
 * - Refund (`/v2/refund`): m_refund_id `yyMMdd_appid_` + our refund reference, mac key1 over
 *   `app_id|zp_trans_id|amount|description|timestamp`; return_code 1 done, 3 processing, 2 refused.
 */
import {
  GatewayError,
  type CreatePaymentInput,
  type GatewayProvider,
  type GatewayTransaction,
  type IpnVerdict,
  type JsonTransport,
  type QueryResult,
  type RefundInput,
  type RefundResult,
  type VerifiedCallback,
} from './gateway.ts';
import { formatGmt7, hmacHex, sameHex } from './signing.ts';

export interface ZalopayConfig {
  /** The API host: sandbox `https://sb-openapi.zalopay.vn`, production `https://openapi.zalopay.vn`. */
  endpoint: string;
  appId: string;
  key1: string;
  key2: string;
}

/** The app_user we send: ZaloPay asks for the application's name when the payer is not identified. */
export const ZALOPAY_APP_USER = 'KhaiTri';
export const ZALOPAY_NOT_FOUND = -101;
const REQUEST_ERRORS = new Set([-401, -402, -429, -500, -999]);
const MIN_EXPIRY_SECONDS = 300;
const MAX_EXPIRY_SECONDS = 2_592_000;

export const signZalopay = (key: string, raw: string) => hmacHex('sha256', key, raw);

/** `yyMMdd` of the date in Vietnam (GMT+7). */
export const zalopayDay = (date: Date) => formatGmt7(date).slice(2, 8);

/** ZaloPay's app_trans_id of one of our payment references. */
export const zalopayTransId = (requestId: string, createdAt: Date) => `${zalopayDay(createdAt)}_${requestId}`;

/** Our reference back from an app_trans_id (`yyMMdd_` stripped), or null when it has no such shape. */
export function requestIdOf(appTransId: unknown): string | null {
  const match = /^\d{6}_(.+)$/.exec(String(appTransId ?? ''));
  return match ? match[1]! : null;
}

const CREATE_KEYS = ['app_id', 'app_trans_id', 'app_user', 'amount', 'app_time', 'embed_data', 'item'] as const;
const REFUND_KEYS = ['app_id', 'zp_trans_id', 'amount', 'description', 'timestamp'] as const;
const RETURN_KEYS = ['appid', 'apptransid', 'pmcid', 'bankcode', 'amount', 'discountamount', 'status'] as const;

/** The values of `keys` joined with `|` (missing ones empty). */
export const joinFields = (keys: readonly string[], fields: Record<string, unknown>) =>
  keys.map((key) => String(fields[key] ?? '')).join('|');

export const zalopayCreateMac = (key1: string, fields: Record<string, unknown>) =>
  signZalopay(key1, joinFields(CREATE_KEYS, fields));
export const zalopayQueryMac = (config: ZalopayConfig, appTransId: string) =>
  signZalopay(config.key1, `${config.appId}|${appTransId}|${config.key1}`);
export const zalopayRefundMac = (key1: string, fields: Record<string, unknown>) =>
  signZalopay(key1, joinFields(REFUND_KEYS, fields));
export const zalopayReturnChecksum = (key2: string, fields: Record<string, unknown>) =>
  signZalopay(key2, joinFields(RETURN_KEYS, fields));

export function buildZalopayCreateRequest(config: ZalopayConfig, input: CreatePaymentInput) {
  const seconds = Math.round((input.expiresAt.getTime() - input.createdAt.getTime()) / 1000);
  const fields = {
    app_id: Number(config.appId),
    app_user: ZALOPAY_APP_USER,
    app_trans_id: zalopayTransId(input.requestId, input.createdAt),
    app_time: input.createdAt.getTime(),
    expire_duration_seconds: Math.min(MAX_EXPIRY_SECONDS, Math.max(MIN_EXPIRY_SECONDS, seconds)),
    amount: input.amount,
    item: '[]',
    embed_data: JSON.stringify({ redirecturl: input.returnUrl }),
    description: `Khai Tri - ${input.orderInfo}`.slice(0, 256),
    bank_code: '',
    callback_url: input.ipnUrl,
  };
  return { ...fields, mac: zalopayCreateMac(config.key1, fields) };
}

export function buildZalopayQueryRequest(config: ZalopayConfig, transaction: GatewayTransaction) {
  const appTransId = zalopayTransId(transaction.requestId, transaction.createdAt);
  return { app_id: Number(config.appId), app_trans_id: appTransId, mac: zalopayQueryMac(config, appTransId) };
}

export function buildZalopayRefundRequest(config: ZalopayConfig, input: RefundInput) {
  const fields = {
    app_id: Number(config.appId),
    m_refund_id: `${zalopayDay(input.now)}_${config.appId}_${input.refundId}`,
    zp_trans_id: input.transaction.transactionId ?? '',
    amount: input.amount,
    timestamp: input.now.getTime(),
    description: input.reason.slice(0, 100),
  };
  return { ...fields, mac: zalopayRefundMac(config.key1, fields) };
}

/** A callback body as ZaloPay sends it: `data` signed with key2 (the simulator and the tests use it). */
export function signZalopayCallback(key2: string, data: Record<string, unknown>) {
  const text = JSON.stringify(data);
  return { data: text, mac: signZalopay(key2, text), type: 1 };
}

/** The `data` of a callback, or null when it is not a JSON object. */
function readData(text: string | undefined): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(text ?? '');
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const safeAmount = (value: unknown) => {
  const amount = Number(value);
  return value !== '' && value !== null && Number.isSafeInteger(amount) ? amount : null;
};

function verifyServerCallback(config: ZalopayConfig, params: Record<string, string>): VerifiedCallback {
  const data = readData(params.data);
  const signed = sameHex(signZalopay(config.key2, params.data ?? ''), params.mac);
  const orderType = params.type === undefined || params.type === '' || params.type === '1';
  return {
    valid: signed && data !== null && orderType && String(data.app_id) === config.appId,
    requestId: requestIdOf(data?.app_trans_id),
    amount: safeAmount(data?.amount),
    outcome: 'success',
    resultCode: '1',
    transactionId: data?.zp_trans_id === undefined ? null : String(data.zp_trans_id),
  };
}

function verifyReturn(config: ZalopayConfig, params: Record<string, string>): VerifiedCallback {
  const status = String(params.status ?? '');
  return {
    valid: sameHex(zalopayReturnChecksum(config.key2, params), params.checksum) && params.appid === config.appId,
    requestId: requestIdOf(params.apptransid),
    amount: safeAmount(params.amount),
    outcome: status === '1' ? 'success' : 'failed',
    resultCode: status,
    transactionId: null,
  };
}

const IPN_ANSWERS: Record<IpnVerdict, { return_code: number; return_message: string }> = {
  confirmed: { return_code: 1, return_message: 'success' },
  already_confirmed: { return_code: 2, return_message: 'already handled' },
  bad_signature: { return_code: -1, return_message: 'mac not equal' },
  not_found: { return_code: 0, return_message: 'order not found' },
  bad_amount: { return_code: 0, return_message: 'invalid amount' },
  error: { return_code: 0, return_message: 'error' },
};

function readZalopayQuery(answer: Record<string, unknown>): QueryResult {
  const code = Number(answer.return_code);
  const sub = Number(answer.sub_return_code);
  const raw = answer;
  if (code === 1) {
    return { status: 'paid', transactionId: String(answer.zp_trans_id ?? ''), amount: Number(answer.amount), raw };
  }
  if (code === 3) return { status: 'pending', raw };
  if (code === 2 && sub === ZALOPAY_NOT_FOUND) return { status: 'not_found', raw };
  if (code !== 2 || REQUEST_ERRORS.has(sub)) {
    const message = String(answer.sub_return_message ?? answer.return_message ?? '');
    throw new GatewayError(`ZaloPay không trả lời truy vấn (${String(answer.return_code)}/${sub}: ${message})`);
  }
  return { status: 'failed', code: String(Number.isFinite(sub) ? sub : code), raw };
}

function readZalopayRefund(answer: Record<string, unknown>): RefundResult {
  const code = Number(answer.return_code);
  const reference = answer.refund_id === undefined || answer.refund_id === null ? null : String(answer.refund_id);
  if (code === 1) return { status: 'refunded', reference, raw: answer };
  if (code === 3) return { status: 'pending', reference, raw: answer };
  const detail = [answer.sub_return_message ?? answer.return_message, answer.sub_return_code].filter(
    (part) => part !== undefined && part !== null && part !== '',
  );
  const message = detail.length ? `${String(detail[0])}${detail[1] ? ` (${String(detail[1])})` : ''}` : '';
  return { status: 'refused', code: String(code), message: message || 'ZaloPay từ chối hoàn tiền.', raw: answer };
}

export function createZalopayProvider(config: ZalopayConfig, transport: JsonTransport): GatewayProvider {
  return {
    method: 'zalopay',
    label: 'Ví ZaloPay',
    async createPayment(input) {
      const answer = await transport(`${config.endpoint}/v2/create`, buildZalopayCreateRequest(config, input));
      if (Number(answer.return_code) !== 1 || typeof answer.order_url !== 'string') {
        const message = String(answer.sub_return_message ?? answer.return_message ?? '');
        throw new GatewayError(`ZaloPay từ chối tạo giao dịch (${String(answer.sub_return_code)}: ${message})`);
      }
      return { paymentUrl: answer.order_url };
    },
    verifyCallback: (params) =>
      'data' in params || 'mac' in params ? verifyServerCallback(config, params) : verifyReturn(config, params),
    answerIpn: (verdict) => ({ status: 200, body: IPN_ANSWERS[verdict] }),
    async query(transaction) {
      return readZalopayQuery(
        await transport(`${config.endpoint}/v2/query`, buildZalopayQueryRequest(config, transaction)),
      );
    },
    async refund(input) {
      if (!input.transaction.transactionId) throw new GatewayError('Giao dịch ZaloPay chưa có mã zp_trans_id.');
      return readZalopayRefund(
        await transport(`${config.endpoint}/v2/refund`, buildZalopayRefundRequest(config, input)),
      );
    },
  };
}
