/**
 * VNPay 2.1.0: HMAC-SHA512 over the form-encoded, sorted vnp_* fields; IPN answered `{RspCode, Message}`.
 *
 * querydr and refund go to the merchant web API (`{apiUrl}`, JSON POST; sandbox
 * `https://sandbox.vnpayment.vn/merchant_webapi/api/transaction`). Their checksum is HMAC-SHA512 over
 * the documented fields joined with `|` in a fixed order (not the sorted form of the payment URL);
 * the answers carry their own checksum, checked here (a wrong one is a gateway error). querydr:
 * vnp_ResponseCode 91 = no such transaction, 00 = read vnp_TransactionStatus (00 paid, 01 pending,
 * others failed); 02/03/94/97/99 say nothing about the payment. refund: vnp_TransactionType 02 (full)
 * or 03 (partial); 00 done (vnp_TransactionStatus 05/06: being processed), any other code refused.
 * vnp_IpAddr of these server calls is our server's (127.0.0.1 when unknown).
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
import { formatGmt7, formEncode, hmacHex, sameHex, sortedFields } from './signing.ts';

export interface VnpayConfig {
  url: string;
  tmnCode: string;
  hashSecret: string;
  /** The merchant web API (querydr, refund). */
  apiUrl: string;
}

/** What both answers sign first. */
const ANSWER_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
] as const;

/** The fields each API message signs, joined with `|` in this order. */
export const VNPAY_API_FIELDS = {
  querydr: [
    'vnp_RequestId',
    'vnp_Version',
    'vnp_Command',
    'vnp_TmnCode',
    'vnp_TxnRef',
    'vnp_TransactionDate',
    'vnp_CreateDate',
    'vnp_IpAddr',
    'vnp_OrderInfo',
  ],
  refund: [
    'vnp_RequestId',
    'vnp_Version',
    'vnp_Command',
    'vnp_TmnCode',
    'vnp_TransactionType',
    'vnp_TxnRef',
    'vnp_Amount',
    'vnp_TransactionNo',
    'vnp_TransactionDate',
    'vnp_CreateBy',
    'vnp_CreateDate',
    'vnp_IpAddr',
    'vnp_OrderInfo',
  ],
  queryAnswer: [...ANSWER_FIELDS, 'vnp_PromotionCode', 'vnp_PromotionAmount'],
  refundAnswer: ANSWER_FIELDS,
} as const;

export type VnpayApiMessage = keyof typeof VNPAY_API_FIELDS;

/** `a|b|c` over the message's fields (missing ones empty). */
export function buildVnpayApiRaw(message: VnpayApiMessage, fields: Record<string, unknown>): string {
  return VNPAY_API_FIELDS[message].map((key) => String(fields[key] ?? '')).join('|');
}

export function signVnpayApi(secret: string, message: VnpayApiMessage, fields: Record<string, unknown>): string {
  return hmacHex('sha512', secret, buildVnpayApiRaw(message, fields));
}

export function withVnpayApiHash<T extends Record<string, unknown>>(
  secret: string,
  message: VnpayApiMessage,
  fields: T,
) {
  return { ...fields, vnp_SecureHash: signVnpayApi(secret, message, fields) };
}

export function verifyVnpayApi(secret: string, message: VnpayApiMessage, fields: Record<string, unknown>): boolean {
  return sameHex(signVnpayApi(secret, message, fields), String(fields.vnp_SecureHash ?? ''));
}

const SERVER_IP = '127.0.0.1';

export function buildVnpayQueryRequest(config: VnpayConfig, transaction: GatewayTransaction, now: Date) {
  return withVnpayApiHash(config.hashSecret, 'querydr', {
    vnp_RequestId: `Q${transaction.requestId}${now.getTime()}`.slice(0, 32),
    vnp_Version: '2.1.0',
    vnp_Command: 'querydr',
    vnp_TmnCode: config.tmnCode,
    vnp_TxnRef: transaction.requestId,
    vnp_OrderInfo: transaction.orderInfo,
    vnp_TransactionDate: formatGmt7(transaction.createdAt),
    vnp_CreateDate: formatGmt7(now),
    vnp_IpAddr: SERVER_IP,
  });
}

export function buildVnpayRefundRequest(config: VnpayConfig, input: RefundInput) {
  const { transaction } = input;
  return withVnpayApiHash(config.hashSecret, 'refund', {
    vnp_RequestId: input.refundId,
    vnp_Version: '2.1.0',
    vnp_Command: 'refund',
    vnp_TmnCode: config.tmnCode,
    vnp_TransactionType: input.amount < transaction.amount ? '03' : '02',
    vnp_TxnRef: transaction.requestId,
    vnp_Amount: String(input.amount * 100),
    vnp_OrderInfo: input.reason.slice(0, 255),
    vnp_TransactionNo: transaction.transactionId ?? '0',
    vnp_TransactionDate: formatGmt7(transaction.createdAt),
    vnp_CreateBy: input.actor.slice(0, 250),
    vnp_CreateDate: formatGmt7(input.now),
    vnp_IpAddr: SERVER_IP,
  });
}

function readVnpayQuery(config: VnpayConfig, answer: Record<string, unknown>): QueryResult {
  const code = String(answer.vnp_ResponseCode ?? '');
  const raw = answer;
  if (code === '91') return { status: 'not_found', raw };
  if (code !== '00' || !verifyVnpayApi(config.hashSecret, 'queryAnswer', answer)) {
    throw new GatewayError(`VNPay không trả lời truy vấn (${code}: ${String(answer.vnp_Message ?? '')})`);
  }
  const status = String(answer.vnp_TransactionStatus ?? '');
  if (status === '00') {
    const amount = Number(answer.vnp_Amount) / 100;
    return { status: 'paid', transactionId: String(answer.vnp_TransactionNo ?? ''), amount, raw };
  }
  if (status === '01') return { status: 'pending', raw };
  return { status: 'failed', code: status, raw };
}

function readVnpayRefund(config: VnpayConfig, answer: Record<string, unknown>): RefundResult {
  const code = String(answer.vnp_ResponseCode ?? '');
  if (code !== '00') {
    const message = String(answer.vnp_Message ?? '') || 'VNPay từ chối hoàn tiền.';
    return { status: 'refused', code, message, raw: answer };
  }
  if (!verifyVnpayApi(config.hashSecret, 'refundAnswer', answer)) throw new GatewayError('VNPay trả lời sai chữ ký.');
  const reference = answer.vnp_TransactionNo ? String(answer.vnp_TransactionNo) : null;
  const processing = ['05', '06'].includes(String(answer.vnp_TransactionStatus ?? ''));
  return { status: processing ? 'pending' : 'refunded', reference, raw: answer };
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

export function createVnpayProvider(config: VnpayConfig, transport: JsonTransport): GatewayProvider {
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
    async query(transaction, now) {
      return readVnpayQuery(config, await transport(config.apiUrl, buildVnpayQueryRequest(config, transaction, now)));
    },
    async refund(input) {
      return readVnpayRefund(config, await transport(config.apiUrl, buildVnpayRefundRequest(config, input)));
    },
  };
}
