/**
 * MoMo AIO v2, one-time payment (requestType=captureWallet), HMAC-SHA256 per PROTOCOLS.md.
 *
 * Query (`/v2/gateway/api/query`) and refund (`/v2/gateway/api/refund`) sign the keys PROTOCOLS.md
 * lists. Where it is silent we follow MoMo's public AIO v2 documentation: both calls carry `lang`;
 * a query answers with the payment's resultCode (0/9000 paid, 1000/7000/7002/8000 pending, 42 no such
 * orderId, the 1xxx/4xxx payment failures), a refund with resultCode 0 when done. The other request
 * errors (10–13, 20–22, 40–43, 98, 99) say nothing about the payment: they are reported as gateway
 * errors, never as a failed payment. Answers to our own calls arrive over TLS from MoMo and are not
 * signed checks (MoMo's documentation does not define a signature for them).
 */
import {
  GatewayError,
  type CreatePaymentInput,
  type GatewayProvider,
  type GatewayTransaction,
  type JsonTransport,
  type QueryResult,
  type RefundInput,
  type RefundResult,
  type VerifiedCallback,
} from './gateway.ts';
import { hmacHex, sameHex } from './signing.ts';

export interface MomoConfig {
  endpoint: string;
  partnerCode: string;
  accessKey: string;
  secretKey: string;
}

const CREATE_KEYS = [
  'accessKey',
  'amount',
  'extraData',
  'ipnUrl',
  'orderId',
  'orderInfo',
  'partnerCode',
  'redirectUrl',
  'requestId',
  'requestType',
] as const;
const RESULT_KEYS = [
  'accessKey',
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
] as const;

export const MOMO_QUERY_KEYS = ['accessKey', 'orderId', 'partnerCode', 'requestId'] as const;
export const MOMO_REFUND_KEYS = [
  'accessKey',
  'amount',
  'description',
  'orderId',
  'partnerCode',
  'requestId',
  'transId',
] as const;

const PENDING_CODES = new Set(['1000', '7000', '7002', '8000']);
/** Request errors: the call was refused, the payment's state is unknown. */
const REQUEST_ERRORS = new Set(['10', '11', '12', '13', '20', '21', '22', '40', '41', '43', '98', '99']);
export const MOMO_NOT_FOUND = '42';

/** `k=v&k=v` over the keys in the given order; accessKey comes from our config. */
export function buildMomoRaw(keys: readonly string[], accessKey: string, fields: Record<string, unknown>): string {
  return keys.map((key) => `${key}=${key === 'accessKey' ? accessKey : String(fields[key] ?? '')}`).join('&');
}

export function signMomo(secretKey: string, raw: string): string {
  return hmacHex('sha256', secretKey, raw);
}

export function buildMomoCreateRequest(config: MomoConfig, input: CreatePaymentInput) {
  const fields = {
    partnerCode: config.partnerCode,
    requestId: input.requestId,
    amount: input.amount,
    orderId: input.requestId,
    orderInfo: input.orderInfo,
    redirectUrl: input.returnUrl,
    ipnUrl: input.ipnUrl,
    requestType: 'captureWallet',
    extraData: '',
    lang: 'vi',
  };
  return signMomoRequest(config, CREATE_KEYS, fields);
}

export function verifyMomoCreateRequest(config: MomoConfig, body: Record<string, unknown>): boolean {
  return verifyMomoRequest(config, CREATE_KEYS, body);
}

/** Signs a result (IPN or redirect) as MoMo does; used by the simulator and the tests. */
export function signMomoResult(config: MomoConfig, fields: Record<string, string>): Record<string, string> {
  return { ...fields, signature: signMomo(config.secretKey, buildMomoRaw(RESULT_KEYS, config.accessKey, fields)) };
}

/** A signed request body: the fields plus the signature over `keys` (accessKey from our config). */
export function signMomoRequest<T extends Record<string, unknown>>(
  config: MomoConfig,
  keys: readonly string[],
  fields: T,
): T & { signature: string } {
  return { ...fields, signature: signMomo(config.secretKey, buildMomoRaw(keys, config.accessKey, fields)) };
}

/** Checks a request's signature as MoMo would (the simulator uses it). */
export function verifyMomoRequest(config: MomoConfig, keys: readonly string[], body: Record<string, unknown>) {
  return sameHex(signMomo(config.secretKey, buildMomoRaw(keys, config.accessKey, body)), String(body.signature ?? ''));
}

export function buildMomoQueryRequest(config: MomoConfig, transaction: GatewayTransaction, requestId: string) {
  return signMomoRequest(config, MOMO_QUERY_KEYS, {
    partnerCode: config.partnerCode,
    requestId,
    orderId: transaction.requestId,
    lang: 'vi',
  });
}

export function buildMomoRefundRequest(config: MomoConfig, input: RefundInput) {
  return signMomoRequest(config, MOMO_REFUND_KEYS, {
    partnerCode: config.partnerCode,
    orderId: input.refundId,
    requestId: input.refundId,
    amount: input.amount,
    transId: Number(input.transaction.transactionId),
    lang: 'vi',
    description: input.reason.slice(0, 200),
  });
}

function readMomoQuery(answer: Record<string, unknown>): QueryResult {
  const code = String(answer.resultCode ?? '');
  const raw = answer;
  if (code === '0' || code === '9000') {
    return { status: 'paid', transactionId: String(answer.transId ?? ''), amount: Number(answer.amount), raw };
  }
  if (PENDING_CODES.has(code)) return { status: 'pending', raw };
  if (code === MOMO_NOT_FOUND) return { status: 'not_found', raw };
  if (REQUEST_ERRORS.has(code) || code === '') {
    throw new GatewayError(`MoMo không trả lời truy vấn (${code}: ${String(answer.message ?? '')})`);
  }
  return { status: 'failed', code, raw };
}

function readMomoRefund(answer: Record<string, unknown>): RefundResult {
  const code = String(answer.resultCode ?? '');
  const reference = answer.transId === undefined || answer.transId === null ? null : String(answer.transId);
  if (code === '0') return { status: 'refunded', reference, raw: answer };
  if (PENDING_CODES.has(code)) return { status: 'pending', reference, raw: answer };
  return { status: 'refused', code, message: String(answer.message ?? 'MoMo từ chối hoàn tiền.'), raw: answer };
}

export function createMomoProvider(config: MomoConfig, transport: JsonTransport): GatewayProvider {
  return {
    method: 'momo',
    label: 'Ví MoMo',
    async createPayment(input) {
      const answer = await transport(`${config.endpoint}/v2/gateway/api/create`, buildMomoCreateRequest(config, input));
      if (Number(answer.resultCode) !== 0 || typeof answer.payUrl !== 'string') {
        throw new GatewayError(`MoMo từ chối tạo giao dịch (${String(answer.resultCode)}: ${String(answer.message)})`);
      }
      return { paymentUrl: answer.payUrl };
    },
    verifyCallback(params): VerifiedCallback {
      const expected = signMomo(config.secretKey, buildMomoRaw(RESULT_KEYS, config.accessKey, params));
      const code = String(params.resultCode ?? '');
      const amount = Number(params.amount);
      return {
        valid: sameHex(expected, params.signature) && params.partnerCode === config.partnerCode,
        requestId: params.orderId ?? null,
        amount: Number.isSafeInteger(amount) ? amount : null,
        outcome: code === '0' || code === '9000' ? 'success' : PENDING_CODES.has(code) ? 'pending' : 'failed',
        resultCode: code,
        transactionId: params.transId ?? null,
      };
    },
    // MoMo only needs HTTP 204 within 15 s, whatever we decided.
    answerIpn: () => ({ status: 204 }),
    async query(transaction, now) {
      const body = buildMomoQueryRequest(config, transaction, `Q${transaction.requestId}${now.getTime()}`);
      return readMomoQuery(await transport(`${config.endpoint}/v2/gateway/api/query`, body));
    },
    async refund(input) {
      return readMomoRefund(
        await transport(`${config.endpoint}/v2/gateway/api/refund`, buildMomoRefundRequest(config, input)),
      );
    },
  };
}
