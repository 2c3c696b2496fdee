/** MoMo AIO v2, one-time payment (requestType=captureWallet), HMAC-SHA256 per PROTOCOLS.md. */
import { GatewayError, type CreatePaymentInput, type GatewayProvider, type VerifiedCallback } from './gateway.ts';
import { hmacHex, sameHex } from './signing.ts';

export interface MomoConfig {
  endpoint: string;
  partnerCode: string;
  accessKey: string;
  secretKey: string;
}

/** Posts JSON and returns the parsed answer (fetch in production; the simulator in-process otherwise). */
export type JsonTransport = (url: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

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

const PENDING_CODES = new Set(['1000', '7000', '7002', '8000']);

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
  return { ...fields, signature: signMomo(config.secretKey, buildMomoRaw(CREATE_KEYS, config.accessKey, fields)) };
}

export function verifyMomoCreateRequest(config: MomoConfig, body: Record<string, unknown>): boolean {
  return sameHex(
    signMomo(config.secretKey, buildMomoRaw(CREATE_KEYS, config.accessKey, body)),
    String(body.signature ?? ''),
  );
}

/** Signs a result (IPN or redirect) as MoMo does; used by the simulator and the tests. */
export function signMomoResult(config: MomoConfig, fields: Record<string, string>): Record<string, string> {
  return { ...fields, signature: signMomo(config.secretKey, buildMomoRaw(RESULT_KEYS, config.accessKey, fields)) };
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
  };
}
