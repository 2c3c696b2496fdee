/** Gateway notifications as the gateways send them, for tests that deliver them late, twice or changed. */
import { signMomoResult } from '../../modules/payments/momo.ts';
import { withOnepayHash } from '../../modules/payments/onepay.ts';
import type { GatewayMethod } from '../../modules/payments/gateway.ts';
import { GATEWAY_PATH } from '../../modules/payments/payments.service.ts';
import { signVnpay } from '../../modules/payments/vnpay.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { nextClientAddress } from './auth.ts';
import { createShopper, decideOnSimulator, type Shopper } from './commerce.ts';
import type { TestContext } from './test-app.ts';

/** A successful VNPay notification for this reference and amount, signed with the demo secret. */
export function signedVnpayNotice(txnRef: string, amount: number): Record<string, string> {
  const values = {
    vnp_Amount: String(amount * 100),
    vnp_ResponseCode: '00',
    vnp_TransactionStatus: '00',
    vnp_TmnCode: 'KHAITRI1',
    vnp_TxnRef: txnRef,
    vnp_TransactionNo: '1',
    vnp_OrderInfo: 'Thanh toan',
  };
  return { ...values, vnp_SecureHash: signVnpay('khaitri-vnpay-demo-secret', values) };
}

/** The signed fields the simulator put on the browser's return: the same as its IPN. */
export const returnFields = (returnLocation: string) => Object.fromEntries(new URL(returnLocation).searchParams);

/**
 * The notification the simulator sent (or lost) for the payment the browser returned from: the return's
 * fields, except for ZaloPay, whose callback is its own key2-signed `{ data, mac, type }`.
 */
export function noticeFields(t: TestContext, method: GatewayMethod, returnLocation: string): Record<string, string> {
  const fields = returnFields(returnLocation);
  if (method !== 'zalopay') return fields;
  const callback = t.services.payments.simulator!.zalopay!.callbackOf(fields.apptransid ?? '');
  if (!callback) throw new Error(`the ZaloPay simulator approved no payment ${fields.apptransid}`);
  return { ...callback, type: String(callback.type) };
}

/** Delivers a gateway notification (IPN) with these fields: MoMo and ZaloPay post JSON, OnePay and VNPay GET. */
export function deliverIpn(t: TestContext, method: GatewayMethod, fields: Record<string, string>) {
  const url = `/api/payment/${GATEWAY_PATH[method]}/ipn`;
  return method === 'momo' || method === 'zalopay'
    ? t.app.inject({ method: 'POST', url, payload: fields, remoteAddress: nextClientAddress() })
    : t.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(fields)}`, remoteAddress: nextClientAddress() });
}

/**
 * Whether an IPN answer is the gateway's "received, handled" (MoMo 204, OnePay responsecode=1, VNPay 00,
 * ZaloPay return_code 1 or 2 "already handled": both stop its retries).
 */
export function ipnAcknowledged(method: GatewayMethod, answer: { statusCode: number; body: string }) {
  if (method === 'momo') return answer.statusCode === 204;
  if (method === 'zalopay') return [1, 2].includes((JSON.parse(answer.body) as { return_code: number }).return_code);
  if (method === 'vnpay') return (JSON.parse(answer.body) as { RspCode: string }).RspCode === '00';
  return answer.body === 'responsecode=1&desc=confirm-success';
}

/**
 * The gateway says the attempt failed, although it is paid: MoMo, OnePay and VNPay by a declined
 * notification (the same one re-signed); ZaloPay, which calls back only successes, by its query answer —
 * its back office shows the transaction failed while reconciliation runs, then paid again.
 */
export async function reportDeclined(t: TestContext, method: GatewayMethod, fields: Record<string, string>) {
  if (method !== 'zalopay')
    return ipnAcknowledged(method, await deliverIpn(t, method, declinedFields(t, method, fields)));
  const appTransId = String((JSON.parse(fields.data ?? '{}') as { app_trans_id?: string }).app_trans_id);
  const transaction = t.services.payments.simulator!.find('zalopay', appTransId)!;
  Object.assign(transaction, { status: 'failed', code: '-2' });
  const report = await t.services.payments.reconcile(new Date(Date.now() + 10 * 60_000));
  Object.assign(transaction, { status: 'paid', code: '1' });
  return report.failed >= 1;
}

/** The same notification re-signed as a decline (the gateway said the payment failed). */
export function declinedFields(t: TestContext, method: GatewayMethod, fields: Record<string, string>) {
  const config = t.services.paymentsConfig;
  if (method === 'momo') {
    const { signature: _signature, ...rest } = fields;
    return signMomoResult(config.momo!, { ...rest, resultCode: '1006', message: 'Người dùng từ chối' });
  }
  if (method === 'vnpay') {
    const { vnp_SecureHash: _hash, ...rest } = fields;
    const values = { ...rest, vnp_ResponseCode: '24', vnp_TransactionStatus: '02' };
    return { ...values, vnp_SecureHash: signVnpay(config.vnpay!.hashSecret, values) };
  }
  const onepay = method === 'onepay_domestic' ? config.onepayDomestic! : config.onepayInternational!;
  const { vpc_SecureHash: _hash, ...rest } = fields;
  return withOnepayHash(onepay.hashKey, { ...rest, vpc_TxnResponseCode: '99' });
}

/** An order paid at the gateway whose notification has not arrived yet (its signed fields kept). */
export async function paidWithoutNotice(
  t: TestContext,
  method: GatewayMethod,
  options: { promotionCode?: string | undefined; shopper?: Shopper; price?: number } = {},
) {
  const promotionCode = options.promotionCode;
  const shopper = options.shopper ?? (await createShopper(t));
  const course = await createPaidCourse(t.db, options.price ?? 150_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout(method, promotionCode)).json().data as {
    order: { code: string };
    payment_url: string;
  };
  const code = placed.order.code;
  const decided = await decideOnSimulator(t, placed.payment_url, 'approve', { lostIpn: true });
  const count = async (table: 'enrolments' | 'notifications', kind?: string) => {
    let query = t.db.selectFrom(table).select('id').where('user_id', '=', shopper.user.id);
    if (kind) query = query.where('kind' as never, '=', kind as never);
    return (await query.execute()).length;
  };
  return {
    code,
    shopper,
    course,
    fields: noticeFields(t, method, String(decided.headers.location)),
    details: async () => (await shopper.call('GET', `/api/user/order/details.json?code=${code}`)).json().data,
    cancel: () => shopper.call('POST', '/api/user/order/cancel.json', { code }),
    enrolments: () => count('enrolments'),
    notices: (kind: string) => count('notifications', kind),
    refunds: () =>
      t.db
        .selectFrom('payment_refunds')
        .innerJoin('orders', 'orders.id', 'payment_refunds.order_id')
        .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
        .select([
          'payment_refunds.status',
          'payment_refunds.amount',
          'payment_refunds.actor',
          'payment_refunds.reason',
          'payment_refunds.gateway_ref',
          'payments.request_id as payment',
        ])
        .where('orders.code', '=', code)
        .orderBy('payment_refunds.id')
        .execute(),
  };
}
