/**
 * OnePay domestic (vpc.op) and international (vpcpay.op): HMAC-SHA256 with the hex-decoded key, uppercase.
 *
 * QueryDR and refund (PROTOCOLS.md is silent; OnePay's merchant API as widely integrated): a form POST
 * to `{apiUrl}/msp/api/v1/vpc/invoices/queries` with vpc_Command=queryDR, vpc_Version=2,
 * vpc_MerchTxnRef, vpc_Merchant, vpc_AccessCode, vpc_User, vpc_Password and vpc_SecureHash (the
 * same hash as the payment request: every non-empty vpc_* field, sorted); the answer is a signed
 * form string: vpc_DRExists=N means no such transaction, otherwise vpc_TxnResponseCode as for a
 * payment (0 paid, 300/100 pending, other codes failed). Refund: `{apiUrl}/msp/api/v1/vpc/refunds`
 * with vpc_Command=refund, a new vpc_MerchTxnRef, vpc_OrgMerchTxnRef (the payment's), vpc_Amount
 * (× 100), vpc_Operator, vpc_User, vpc_Password; vpc_TxnResponseCode=0 is done, 300 pending, any
 * other code refused with vpc_Message. An answer whose hash does not verify is a gateway error.
 */
import {
  GatewayError,
  type CreatePaymentInput,
  type FormTransport,
  type GatewayProvider,
  type GatewayTransaction,
  type QueryResult,
  type RefundInput,
  type RefundResult,
  type VerifiedCallback,
} from './gateway.ts';
import { hmacHex, sameHex, sortedFields } from './signing.ts';

export interface OnepayConfig {
  url: string;
  merchant: string;
  accessCode: string;
  hashKey: string;
  /** The merchant API host (QueryDR, refund) and its user and password. */
  apiUrl: string;
  user: string;
  password: string;
}

export const ONEPAY_QUERY_PATH = '/msp/api/v1/vpc/invoices/queries';
export const ONEPAY_REFUND_PATH = '/msp/api/v1/vpc/refunds';

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
  return withOnepayHash(config.hashKey, params);
}

/** Adds vpc_SecureHash to a set of fields. */
export function withOnepayHash(hexKey: string, fields: Record<string, string>): Record<string, string> {
  return { ...fields, vpc_SecureHash: signOnepay(hexKey, fields) };
}

export function verifyOnepay(hexKey: string, fields: Record<string, string>): boolean {
  return sameHex(signOnepay(hexKey, fields), fields.vpc_SecureHash);
}

function credentials(config: OnepayConfig) {
  return {
    vpc_Version: '2',
    vpc_Merchant: config.merchant,
    vpc_AccessCode: config.accessCode,
    vpc_User: config.user,
    vpc_Password: config.password,
  };
}

export function buildOnepayQueryRequest(config: OnepayConfig, transaction: GatewayTransaction) {
  return withOnepayHash(config.hashKey, {
    vpc_Command: 'queryDR',
    ...credentials(config),
    vpc_MerchTxnRef: transaction.requestId,
  });
}

export function buildOnepayRefundRequest(config: OnepayConfig, input: RefundInput) {
  return withOnepayHash(config.hashKey, {
    vpc_Command: 'refund',
    ...credentials(config),
    vpc_MerchTxnRef: input.refundId,
    vpc_OrgMerchTxnRef: input.transaction.requestId,
    vpc_Amount: String(input.amount * 100),
    vpc_Operator: input.actor.slice(0, 30),
  });
}

function verifiedAnswer(config: OnepayConfig, answer: Record<string, string>) {
  if (!verifyOnepay(config.hashKey, answer)) throw new GatewayError('OnePay trả lời sai chữ ký.');
  return answer;
}

function readOnepayQuery(config: OnepayConfig, answer: Record<string, string>): QueryResult {
  const raw = answer;
  if (answer.vpc_DRExists === 'N') return { status: 'not_found', raw };
  verifiedAnswer(config, answer);
  const code = String(answer.vpc_TxnResponseCode ?? '');
  const amount = Number(answer.vpc_Amount) / 100;
  if (code === '0') return { status: 'paid', transactionId: answer.vpc_TransactionNo ?? '', amount, raw };
  if (code === '300' || code === '100') return { status: 'pending', raw };
  return { status: 'failed', code, raw };
}

function readOnepayRefund(config: OnepayConfig, answer: Record<string, string>): RefundResult {
  verifiedAnswer(config, answer);
  const code = String(answer.vpc_TxnResponseCode ?? '');
  const reference = answer.vpc_TransactionNo || null;
  if (code === '0') return { status: 'refunded', reference, raw: answer };
  if (code === '300') return { status: 'pending', reference, raw: answer };
  return { status: 'refused', code, message: answer.vpc_Message || 'OnePay từ chối hoàn tiền.', raw: answer };
}

export function createOnepayProvider(
  config: OnepayConfig,
  domestic: boolean,
  transport: FormTransport,
): GatewayProvider {
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
        valid: verifyOnepay(config.hashKey, params) && params.vpc_Merchant === config.merchant,
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
    async query(transaction) {
      const answer = await transport(
        `${config.apiUrl}${ONEPAY_QUERY_PATH}`,
        buildOnepayQueryRequest(config, transaction),
      );
      return readOnepayQuery(config, answer);
    },
    async refund(input) {
      const answer = await transport(`${config.apiUrl}${ONEPAY_REFUND_PATH}`, buildOnepayRefundRequest(config, input));
      return readOnepayRefund(config, answer);
    },
  };
}
