/**
 * ZaloPay's simulated back office (outside production; part of gateway-simulator.ts): create, query
 * and refund answered as ZaloPay's Gateway API v2 does, each request's mac checked with the
 * provider's own code (key1). Its payment page (payment-simulator.routes.ts) reads the order back
 * from `order_url`, and an approved payment's callback is signed with key2 and remembered, so a test
 * can deliver the one the simulator "lost". Failure codes on the return and in query answers (-2
 * declined, -3 cancelled) are the simulator's own.
 */
import { randomBytes } from 'node:crypto';
import { SIMULATOR_PREFIX } from './payments.config.ts';
import {
  requestIdOf,
  signZalopayCallback,
  zalopayCreateMac,
  zalopayQueryMac,
  zalopayRefundMac,
  zalopayReturnChecksum,
  ZALOPAY_NOT_FOUND,
  type ZalopayConfig,
} from './zalopay.ts';

/** What the back office needs of the shared ledger (gateway-simulator.ts). */
export interface SimulatorLedger {
  open(reference: string, amount: number): { transactionId: string };
  find(
    reference: string,
  ): { amount: number; status: 'pending' | 'paid' | 'failed'; code: string; transactionId: string } | undefined;
  /** Refunds `amount` of the transaction `transactionId` under `refundId`: the refund's number, or why not. */
  refund(transactionId: string, amount: number, refundId: string): { refundNo: string } | { refused: string };
}

export const ZALOPAY_SIMULATED_CODES = { approve: '1', decline: '-2', cancel: '-3' } as const;
const CALLBACK_LIMIT = 5_000;

const answer = (returnCode: number, subCode: number, message: string, fields: Record<string, unknown> = {}) => ({
  return_code: returnCode,
  return_message: returnCode === 1 ? 'Giao dịch thành công' : returnCode === 3 ? 'Đang xử lý' : 'Giao dịch thất bại',
  sub_return_code: subCode,
  sub_return_message: message,
  ...fields,
});
const badMac = () => answer(2, -402, 'Sai thông tin xác thực (mac) hoặc app_id.');

export type ZalopayBackOffice = ReturnType<typeof createZalopayBackOffice>;

export function createZalopayBackOffice(config: ZalopayConfig, publicUrl: string, ledger: SimulatorLedger) {
  const callbacks = new Map<string, { data: string; mac: string; type: number }>();
  const ours = (body: Record<string, unknown>) => String(body.app_id) === config.appId;

  /** The create request behind an order_url's token, when its mac holds. */
  function readOrder(token: string | undefined): Record<string, unknown> | null {
    try {
      const body = JSON.parse(Buffer.from(token ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
      return ours(body) && zalopayCreateMac(config.key1, body) === String(body.mac) ? body : null;
    } catch {
      return null;
    }
  }

  function create(body: Record<string, unknown>) {
    if (!ours(body) || zalopayCreateMac(config.key1, body) !== String(body.mac ?? '')) return badMac();
    if (!requestIdOf(body.app_trans_id)) return answer(2, -401, 'app_trans_id phải có dạng yyMMdd_xxx.');
    ledger.open(String(body.app_trans_id), Number(body.amount));
    const token = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
    const zpTransToken = randomBytes(12).toString('base64url');
    return answer(1, 1, 'Giao dịch thành công', {
      order_url: `${publicUrl}${SIMULATOR_PREFIX}/zalopay/pay?order=${token}`,
      zp_trans_token: zpTransToken,
      order_token: zpTransToken,
    });
  }

  function query(body: Record<string, unknown>) {
    const appTransId = String(body.app_trans_id ?? '');
    if (!ours(body) || zalopayQueryMac(config, appTransId) !== String(body.mac ?? '')) return badMac();
    const transaction = ledger.find(appTransId);
    if (!transaction) return answer(2, ZALOPAY_NOT_FOUND, 'Không tìm thấy đơn hàng.');
    if (transaction.status === 'pending') return answer(3, 3, 'Giao dịch đang xử lý', { is_processing: true });
    if (transaction.status === 'failed') return answer(2, Number(transaction.code), 'Giao dịch thất bại');
    return answer(1, 1, 'Giao dịch thành công', {
      is_processing: false,
      amount: transaction.amount,
      discount_amount: 0,
      zp_trans_id: Number(transaction.transactionId),
    });
  }

  function refund(body: Record<string, unknown>) {
    if (!ours(body) || zalopayRefundMac(config.key1, body) !== String(body.mac ?? '')) return badMac();
    if (!new RegExp(`^\\d{6}_${config.appId}_.+$`).test(String(body.m_refund_id ?? ''))) {
      return answer(2, -401, 'm_refund_id phải có dạng yyMMdd_appid_xxx.');
    }
    const done = ledger.refund(String(body.zp_trans_id), Number(body.amount), String(body.m_refund_id));
    if ('refused' in done) return answer(2, -13, done.refused);
    return answer(1, 1, 'Hoàn tiền thành công', { refund_id: Number(done.refundNo) });
  }

  /** The signed callback of an approved payment (sent, or lost on purpose); remembered for the tests. */
  function callbackFor(order: Record<string, unknown>, transactionId: string) {
    const signed = signZalopayCallback(config.key2, {
      app_id: Number(config.appId),
      app_trans_id: order.app_trans_id,
      app_time: order.app_time,
      app_user: order.app_user,
      amount: order.amount,
      embed_data: order.embed_data,
      item: order.item,
      zp_trans_id: Number(transactionId),
      server_time: Date.now(),
      channel: 38,
      merchant_user_id: '',
      user_fee_amount: 0,
      discount_amount: 0,
    });
    if (callbacks.size >= CALLBACK_LIMIT) callbacks.delete(callbacks.keys().next().value!);
    callbacks.set(String(order.app_trans_id), signed);
    return signed;
  }

  /** The browser's return to `redirecturl`, with its key2 checksum. */
  function returnFields(order: Record<string, unknown>, status: string): Record<string, string> {
    const fields = {
      appid: config.appId,
      apptransid: String(order.app_trans_id),
      pmcid: '38',
      bankcode: '',
      amount: String(order.amount),
      discountamount: '0',
      status,
    };
    return { ...fields, checksum: zalopayReturnChecksum(config.key2, fields) };
  }

  return {
    readOrder,
    callbackFor,
    returnFields,
    /** The callback the simulator signed for this app_trans_id, if it approved one. */
    callbackOf: (appTransId: string) => callbacks.get(appTransId),
    /** A JSON call under `/zalopay` (`/v2/create`, `/v2/query`, `/v2/refund`), or null for another path. */
    answer(path: string, body: Record<string, unknown>): Record<string, unknown> | null {
      if (path === '/zalopay/v2/create') return create(body);
      if (path === '/zalopay/v2/query') return query(body);
      if (path === '/zalopay/v2/refund') return refund(body);
      return null;
    },
  };
}
