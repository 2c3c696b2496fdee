/** What every payment gateway provider offers the orders module. */
import type { PaymentMethod } from '../../db/schema.ts';

export type GatewayMethod = Exclude<PaymentMethod, 'free' | 'carrier'>;
export const GATEWAY_METHODS: GatewayMethod[] = ['momo', 'onepay_domestic', 'onepay_international', 'vnpay'];

export interface CreatePaymentInput {
  /** Our reference for this attempt: MoMo orderId/requestId, vpc_MerchTxnRef, vnp_TxnRef. */
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

export interface GatewayProvider {
  method: GatewayMethod;
  label: string;
  /** The page the browser goes to (MoMo: after its create call; OnePay/VNPay: a signed redirect). */
  createPayment(input: CreatePaymentInput): Promise<{ paymentUrl: string }>;
  verifyCallback(params: Record<string, string>): VerifiedCallback;
  answerIpn(verdict: IpnVerdict): IpnAnswer;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}
