/** VNPay 2.1.0: HMAC-SHA512 over the form-encoded, sorted vnp_* fields; IPN answered `{RspCode, Message}`. */
import type { CreatePaymentInput, GatewayProvider, IpnVerdict, VerifiedCallback } from './gateway.ts';
import { formatGmt7, formEncode, hmacHex, sameHex, sortedFields } from './signing.ts';

export interface VnpayConfig {
  url: string;
  tmnCode: string;
  hashSecret: string;
}

const HASH_FIELDS = ['vnp_SecureHash', 'vnp_SecureHashType'];

export function buildVnpayRaw(params: Record<string, string>): string {
  return sortedFields(params, ['vnp_'], HASH_FIELDS)
    .map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`)
    .join('&');
}

export function signVnpay(secret: string, params: Record<string, string>): string {
  return hmacHex('sha512', secret, buildVnpayRaw(params));
}

export function buildVnpayRequest(config: VnpayConfig, input: CreatePaymentInput): Record<string, string> {
  const params: Record<string, string> = {
    vnp_Version: '2.1.0',
    vnp_Command: 'pay',
    vnp_TmnCode: config.tmnCode,
    vnp_Amount: String(input.amount * 100),
    vnp_CreateDate: formatGmt7(input.createdAt),
    vnp_CurrCode: 'VND',
    vnp_IpAddr: input.clientIp,
    vnp_Locale: 'vn',
    vnp_OrderInfo: input.orderInfo,
    vnp_OrderType: 'other',
    vnp_ReturnUrl: input.returnUrl,
    vnp_ExpireDate: formatGmt7(input.expiresAt),
    vnp_TxnRef: input.requestId,
  };
  return { ...params, vnp_SecureHash: signVnpay(config.hashSecret, params) };
}

const IPN_ANSWERS: Record<IpnVerdict, { RspCode: string; Message: string }> = {
  confirmed: { RspCode: '00', Message: 'Confirm Success' },
  already_confirmed: { RspCode: '02', Message: 'Order already confirmed' },
  not_found: { RspCode: '01', Message: 'Order not found' },
  bad_amount: { RspCode: '04', Message: 'Invalid amount' },
  bad_signature: { RspCode: '97', Message: 'Fail checksum' },
  error: { RspCode: '99', Message: 'Unknown error' },
};

export function createVnpayProvider(config: VnpayConfig): GatewayProvider {
  return {
    method: 'vnpay',
    label: 'VNPay (QR, thẻ ATM, ví)',
    async createPayment(input) {
      const params = buildVnpayRequest(config, input);
      const query = sortedFields(params, ['vnp_'], [])
        .map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`)
        .join('&');
      return { paymentUrl: `${config.url}?${query}` };
    },
    verifyCallback(params): VerifiedCallback {
      const code = String(params.vnp_ResponseCode ?? '');
      const status = String(params.vnp_TransactionStatus ?? code);
      const amount = Number(params.vnp_Amount);
      return {
        valid:
          sameHex(signVnpay(config.hashSecret, params), params.vnp_SecureHash) && params.vnp_TmnCode === config.tmnCode,
        requestId: params.vnp_TxnRef ?? null,
        amount: Number.isSafeInteger(amount) && amount % 100 === 0 ? amount / 100 : null,
        outcome: code === '00' && status === '00' ? 'success' : status === '01' && code === '00' ? 'pending' : 'failed',
        resultCode: code,
        transactionId: params.vnp_TransactionNo ?? null,
      };
    },
    answerIpn: (verdict) => ({ status: 200, body: IPN_ANSWERS[verdict] }),
  };
}
