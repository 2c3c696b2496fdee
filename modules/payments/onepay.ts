/** OnePay domestic (vpc.op) and international (vpcpay.op): HMAC-SHA256 with the hex-decoded key, uppercase. */
import type { CreatePaymentInput, GatewayProvider, VerifiedCallback } from './gateway.ts';
import { hmacHex, sameHex, sortedFields } from './signing.ts';

export interface OnepayConfig {
  url: string;
  merchant: string;
  accessCode: string;
  hashKey: string;
}

const HASH_FIELDS = ['vpc_SecureHash', 'vpc_SecureHashType'];

/** The string OnePay signs: non-empty vpc_* and user_* fields except the hash ones, sorted, raw `k=v&k=v`. */
export function buildOnepayRaw(params: Record<string, string>): string {
  return sortedFields(params, ['vpc_', 'user_'], HASH_FIELDS)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function signOnepay(hexKey: string, params: Record<string, string>): string {
  return hmacHex('sha256', Buffer.from(hexKey, 'hex'), buildOnepayRaw(params)).toUpperCase();
}

export function buildOnepayRequest(config: OnepayConfig, domestic: boolean, input: CreatePaymentInput) {
  const params: Record<string, string> = {
    vpc_Version: '2',
    vpc_Command: 'pay',
    vpc_AccessCode: config.accessCode,
    vpc_Merchant: config.merchant,
    vpc_Amount: String(input.amount * 100),
    vpc_Locale: 'vn',
    vpc_MerchTxnRef: input.requestId,
    vpc_OrderInfo: input.orderInfo.slice(0, 32),
    vpc_ReturnURL: input.returnUrl,
    vpc_TicketNo: input.clientIp,
    AgainLink: input.returnUrl,
    Title: 'Khai Tri',
  };
  if (domestic) params.vpc_Currency = 'VND';
  return { ...params, vpc_SecureHash: signOnepay(config.hashKey, params) };
}

export function createOnepayProvider(config: OnepayConfig, domestic: boolean): GatewayProvider {
  return {
    method: domestic ? 'onepay_domestic' : 'onepay_international',
    label: domestic ? 'Thẻ ATM nội địa (OnePay)' : 'Thẻ quốc tế Visa/Master/JCB (OnePay)',
    async createPayment(input) {
      const query = new URLSearchParams(buildOnepayRequest(config, domestic, input));
      return { paymentUrl: `${config.url}?${query.toString()}` };
    },
    verifyCallback(params): VerifiedCallback {
      const code = String(params.vpc_TxnResponseCode ?? '');
      const amount = Number(params.vpc_Amount);
      return {
        valid:
          sameHex(signOnepay(config.hashKey, params), params.vpc_SecureHash) && params.vpc_Merchant === config.merchant,
        requestId: params.vpc_MerchTxnRef ?? null,
        amount: Number.isSafeInteger(amount) && amount % 100 === 0 ? amount / 100 : null,
        outcome: code === '0' ? 'success' : code === '300' || code === '100' ? 'pending' : 'failed',
        resultCode: code,
        transactionId: params.vpc_TransactionNo ?? null,
      };
    },
    answerIpn(verdict) {
      const ok = verdict === 'confirmed' || verdict === 'already_confirmed';
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: ok ? 'responsecode=1&desc=confirm-success' : 'responsecode=0&desc=confirm-fail',
      };
    },
  };
}
