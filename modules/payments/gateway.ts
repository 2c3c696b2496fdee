/** What every payment gateway provider offers the orders module. */
import { readDate } from '../../db/connect.ts';
import type { PaymentMethod, PaymentsTable } from '../../db/schema.ts';

/** The redirect gateways (VietQR transfers join when their provider exists). */
export type GatewayMethod = Exclude<PaymentMethod, 'free' | 'carrier' | 'vietqr'>;
export const GATEWAY_METHODS: GatewayMethod[] = ['momo', 'onepay_domestic', 'onepay_international', 'vnpay', 'zalopay'];

export interface CreatePaymentInput {
  /** Our reference for this attempt: MoMo orderId/requestId, vpc_MerchTxnRef, vnp_TxnRef, ZaloPay's app_trans_id after `yyMMdd_`. */
  requestId: string;
  amount: number;
  orderInfo: string;
  returnUrl: string;
  ipnUrl: string;
  clientIp: string;
  createdAt: Date;
  expiresAt: Date;
}

export type CallbackOutcome = 'success' | 'failed' | 'pending';

/** A gateway callback after its signature was checked. */
export interface VerifiedCallback {
  valid: boolean;
  requestId: string | null;
  /** In đồng (OnePay and VNPay send × 100; providers divide). */
  amount: number | null;
  outcome: CallbackOutcome;
  resultCode: string;
  transactionId: string | null;
}

/** How a gateway expects its server-to-server notification to be answered. */
export type IpnVerdict = 'confirmed' | 'already_confirmed' | 'not_found' | 'bad_amount' | 'bad_signature' | 'error';

export interface IpnAnswer {
  status: number;
  contentType?: string;
  body?: unknown;
}

/** The order description sent with a payment (ASCII: OnePay and VNPay refuse marks). */
export const paymentOrderInfo = (orderCode: string) => `Thanh toan don hang ${orderCode}`;

/** One payment attempt, as the query and refund calls need it. */
export interface GatewayTransaction {
  /** Our reference (MoMo orderId, vpc_MerchTxnRef, vnp_TxnRef). */
  requestId: string;
  /** In đồng. */
  amount: number;
  /** The gateway's transaction id, once known (MoMo transId, vpc_TransactionNo, vnp_TransactionNo). */
  transactionId: string | null;
  /** When the attempt was created (VNPay's vnp_TransactionDate). */
  createdAt: Date;
  orderInfo: string;
}

/** A stored payment attempt as the gateway knows it. */
export function toGatewayTransaction(
  payment: Pick<PaymentsTable, 'request_id' | 'amount' | 'gateway_txn_id'> & { created_at: string | Date },
  orderCode: string,
): GatewayTransaction {
  return {
    requestId: payment.request_id,
    amount: payment.amount,
    transactionId: payment.gateway_txn_id,
    createdAt: readDate(payment.created_at),
    orderInfo: paymentOrderInfo(orderCode),
  };
}

/** What the gateway says about one attempt (QueryDR): the raw answer is kept for the record. */
export type QueryResult = (
  | { status: 'paid'; transactionId: string; amount: number }
  | { status: 'pending' }
  | { status: 'failed'; code: string }
  | { status: 'not_found' }
) & { raw: Record<string, unknown> };

export interface RefundInput {
  transaction: GatewayTransaction;
  /** Our reference for this refund (MoMo's new orderId, vpc_MerchTxnRef, vnp_RequestId). */
  refundId: string;
  /** In đồng; less than the transaction amount for a partial refund. */
  amount: number;
  reason: string;
  /** Who asked (VNPay's vnp_CreateBy). */
  actor: string;
  now: Date;
}

/** The gateway's answer to a refund: done, accepted and being processed, or refused with its message. */
export type RefundResult = (
  | { status: 'refunded'; reference: string | null }
  | { status: 'pending'; reference: string | null }
  | { status: 'refused'; code: string; message: string }
) & { raw: Record<string, unknown> };

export interface GatewayProvider {
  method: GatewayMethod;
  label: string;
  /** The page the browser goes to (MoMo: after its create call; OnePay/VNPay: a signed redirect). */
  createPayment(input: CreatePaymentInput): Promise<{ paymentUrl: string }>;
  verifyCallback(params: Record<string, string>): VerifiedCallback;
  answerIpn(verdict: IpnVerdict): IpnAnswer;
  /** Asks the gateway for the state of one attempt; throws GatewayError when it cannot answer. */
  query(transaction: GatewayTransaction, now: Date): Promise<QueryResult>;
  /** Asks the gateway to refund (all or part of) a paid attempt; throws GatewayError when it cannot answer. */
  refund(input: RefundInput): Promise<RefundResult>;
}

/** Posts JSON and returns the parsed answer (fetch in production; the simulator in-process otherwise). */
export type JsonTransport = (url: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;
/** Posts a form and returns the answer's form fields (OnePay's QueryDR and refund). */
export type FormTransport = (url: string, fields: Record<string, string>) => Promise<Record<string, string>>;

export interface GatewayTransports {
  json: JsonTransport;
  form: FormTransport;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}
