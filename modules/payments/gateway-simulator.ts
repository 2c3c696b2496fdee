/**
 * The simulated gateways' back office (development, demo and tests; never in production). It
 * remembers every transaction its payment pages saw — opened (pending), approved (paid) or declined —
 * and answers the merchant API calls as the gateways do, checking each request's signature with the
 * same code as the providers: MoMo create, query and refund; OnePay QueryDR and refund; VNPay querydr
 * and refund; ZaloPay create, query and refund (zalopay-simulator.ts). A paid transaction can be refunded up to its amount (a second full refund is refused);
 * an unknown one is not found. The memory is per process: a restart forgets it (as a sandbox reset).
 */
import { randomInt } from 'node:crypto';
import type { GatewayMethod } from './gateway.ts';
import {
  MOMO_NOT_FOUND,
  MOMO_QUERY_KEYS,
  MOMO_REFUND_KEYS,
  verifyMomoCreateRequest,
  verifyMomoRequest,
  type MomoConfig,
} from './momo.ts';
import { ONEPAY_QUERY_PATH, ONEPAY_REFUND_PATH, verifyOnepay, withOnepayHash, type OnepayConfig } from './onepay.ts';
import { SIMULATOR_PREFIX, type PaymentsConfig } from './payments.config.ts';
import { formatGmt7 } from './signing.ts';
import { verifyVnpayApi, withVnpayApiHash, type VnpayConfig } from './vnpay.ts';
import { createZalopayBackOffice } from './zalopay-simulator.ts';

export type SimulatedGateway = 'momo' | 'onepay' | 'vnpay' | 'zalopay';

interface SimulatedTransaction {
  reference: string;
  amount: number;
  status: 'pending' | 'paid' | 'failed';
  code: string;
  transactionId: string;
  refunded: number;
  refundIds: Set<string>;
}

export const simulatedGatewayOf = (method: GatewayMethod): SimulatedGateway =>
  method === 'momo' || method === 'vnpay' || method === 'zalopay' ? method : 'onepay';

const transactionNo = () => String(randomInt(10_000_000, 99_999_999));
const LEDGER_LIMIT = 50_000;

export type GatewaySimulator = ReturnType<typeof createGatewaySimulator>;

export function createGatewaySimulator(config: PaymentsConfig) {
  const ledger = new Map<string, SimulatedTransaction>();
  const key = (gateway: SimulatedGateway, reference: string) => `${gateway}:${reference}`;
  const find = (gateway: SimulatedGateway, reference: string) => ledger.get(key(gateway, reference));
  /** The transaction a gateway numbered `transactionId` (MoMo's transId, ZaloPay's zp_trans_id). */
  const findByTransactionId = (gateway: SimulatedGateway, transactionId: string) =>
    [...ledger.entries()].find(
      ([name, entry]) => name.startsWith(`${gateway}:`) && entry.transactionId === transactionId,
    )?.[1];

  /** The payment page was shown (or MoMo's create call made): the transaction exists, pending. */
  function open(gateway: SimulatedGateway, reference: string, amount: number) {
    if (!ledger.has(key(gateway, reference))) {
      // A long-running demo forgets its oldest transactions rather than grow without end.
      if (ledger.size >= LEDGER_LIMIT) ledger.delete(ledger.keys().next().value!);
      ledger.set(key(gateway, reference), {
        reference,
        amount,
        status: 'pending',
        code: '',
        transactionId: transactionNo(),
        refunded: 0,
        refundIds: new Set(),
      });
    }
    return ledger.get(key(gateway, reference))!;
  }

  /** The payer decided: remembers the outcome and returns the gateway's transaction number. */
  function decide(gateway: SimulatedGateway, reference: string, amount: number, paid: boolean, code: string) {
    const transaction = open(gateway, reference, amount);
    if (transaction.status === 'pending') Object.assign(transaction, { status: paid ? 'paid' : 'failed', code });
    return transaction.transactionId;
  }

  /** Why a refund of `amount` under `refundId` cannot be made, or null. */
  function refusal(transaction: SimulatedTransaction | undefined, amount: number, refundId: string) {
    if (!transaction) return 'Không tìm thấy giao dịch gốc.';
    if (transaction.status !== 'paid') return 'Giao dịch gốc chưa được thanh toán thành công.';
    if (transaction.refundIds.has(refundId)) return 'Mã yêu cầu hoàn tiền đã được sử dụng.';
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > transaction.amount - transaction.refunded)
      return 'Số tiền hoàn vượt quá số tiền còn lại của giao dịch.';
    return null;
  }

  function takeRefund(transaction: SimulatedTransaction, amount: number, refundId: string) {
    transaction.refunded += amount;
    transaction.refundIds.add(refundId);
    return transactionNo();
  }

  // MoMo ----------------------------------------------------------------------------------------
  const momoAnswer = (momo: MomoConfig, body: Record<string, unknown>, fields: Record<string, unknown>) => ({
    partnerCode: momo.partnerCode,
    orderId: body.orderId,
    requestId: body.requestId,
    responseTime: Date.now(),
    ...fields,
  });
  const momoDenied = { resultCode: 11, message: 'Truy cập bị từ chối: sai chữ ký.' };

  function momoCreate(momo: MomoConfig, body: Record<string, unknown>) {
    if (!verifyMomoCreateRequest(momo, body) || body.partnerCode !== momo.partnerCode) return momoDenied;
    open('momo', String(body.orderId), Number(body.amount));
    const data = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
    return momoAnswer(momo, body, {
      amount: body.amount,
      resultCode: 0,
      message: 'Thành công.',
      payUrl: `${config.publicUrl}${SIMULATOR_PREFIX}/momo/pay?data=${data}`,
    });
  }

  function momoQuery(momo: MomoConfig, body: Record<string, unknown>) {
    if (!verifyMomoRequest(momo, MOMO_QUERY_KEYS, body) || body.partnerCode !== momo.partnerCode) return momoDenied;
    const transaction = find('momo', String(body.orderId));
    if (!transaction) return momoAnswer(momo, body, { resultCode: Number(MOMO_NOT_FOUND), message: 'Không tìm thấy.' });
    const code = { pending: 1000, paid: 0, failed: Number(transaction.code) }[transaction.status];
    return momoAnswer(momo, body, {
      amount: transaction.amount,
      transId: Number(transaction.transactionId),
      resultCode: code,
      message: code === 0 ? 'Thành công.' : code === 1000 ? 'Giao dịch đang chờ người dùng xác nhận.' : 'Thất bại.',
      payType: 'qr',
      refundTrans: [],
      lastUpdated: Date.now(),
    });
  }

  function momoRefund(momo: MomoConfig, body: Record<string, unknown>) {
    if (!verifyMomoRequest(momo, MOMO_REFUND_KEYS, body) || body.partnerCode !== momo.partnerCode) return momoDenied;
    const transaction = findByTransactionId('momo', String(body.transId));
    const amount = Number(body.amount);
    const refused = refusal(transaction, amount, String(body.orderId));
    if (refused) return momoAnswer(momo, body, { amount, transId: body.transId, resultCode: 1080, message: refused });
    const transId = Number(takeRefund(transaction!, amount, String(body.orderId)));
    return momoAnswer(momo, body, { amount, transId, resultCode: 0, message: 'Thành công.' });
  }

  // OnePay --------------------------------------------------------------------------------------
  const onepays = [config.onepayDomestic, config.onepayInternational].filter((c): c is OnepayConfig => c !== null);
  /** The OnePay merchant whose key signed the request and whose API user it names. */
  const onepayFor = (fields: Record<string, string>) =>
    onepays.find(
      (onepay) =>
        fields.vpc_Merchant === onepay.merchant &&
        fields.vpc_AccessCode === onepay.accessCode &&
        fields.vpc_User === onepay.user &&
        fields.vpc_Password === onepay.password &&
        verifyOnepay(onepay.hashKey, fields),
    );

  function onepayApi(path: string, fields: Record<string, string>): Record<string, string> {
    const onepay = onepayFor(fields);
    if (!onepay) return { vpc_TxnResponseCode: '4', vpc_Message: 'Sai chữ ký hoặc thông tin truy cập.' };
    const base = { vpc_Command: fields.vpc_Command ?? '', vpc_Merchant: onepay.merchant };
    if (path.endsWith(ONEPAY_QUERY_PATH) && fields.vpc_Command === 'queryDR') {
      const transaction = find('onepay', fields.vpc_MerchTxnRef ?? '');
      if (!transaction) return withOnepayHash(onepay.hashKey, { ...base, vpc_DRExists: 'N' });
      return withOnepayHash(onepay.hashKey, {
        ...base,
        vpc_DRExists: 'Y',
        vpc_MerchTxnRef: transaction.reference,
        vpc_Amount: String(transaction.amount * 100),
        vpc_TxnResponseCode: { pending: '100', paid: '0', failed: transaction.code }[transaction.status],
        vpc_TransactionNo: transaction.status === 'pending' ? '' : transaction.transactionId,
      });
    }
    if (path.endsWith(ONEPAY_REFUND_PATH) && fields.vpc_Command === 'refund') {
      const transaction = find('onepay', fields.vpc_OrgMerchTxnRef ?? '');
      const amount = Number(fields.vpc_Amount) / 100;
      const answer = { ...base, vpc_MerchTxnRef: fields.vpc_MerchTxnRef ?? '', vpc_Amount: fields.vpc_Amount ?? '' };
      const refused = refusal(transaction, amount, fields.vpc_MerchTxnRef ?? '');
      if (refused) return withOnepayHash(onepay.hashKey, { ...answer, vpc_TxnResponseCode: '7', vpc_Message: refused });
      const transactionNo = takeRefund(transaction!, amount, fields.vpc_MerchTxnRef ?? '');
      return withOnepayHash(onepay.hashKey, {
        ...answer,
        vpc_TxnResponseCode: '0',
        vpc_TransactionNo: transactionNo,
        vpc_Message: 'Approved',
      });
    }
    return withOnepayHash(onepay.hashKey, { ...base, vpc_TxnResponseCode: '7', vpc_Message: 'Lệnh không hỗ trợ.' });
  }

  // VNPay ---------------------------------------------------------------------------------------
  function vnpayApi(vnpay: VnpayConfig, body: Record<string, unknown>): Record<string, unknown> {
    const command = String(body.vnp_Command ?? '');
    const message = command === 'refund' ? 'refund' : 'querydr';
    const answer = (code: string, text: string, fields: Record<string, unknown> = {}) =>
      withVnpayApiHash(vnpay.hashSecret, message === 'refund' ? 'refundAnswer' : 'queryAnswer', {
        vnp_ResponseId: transactionNo(),
        vnp_Command: command,
        vnp_ResponseCode: code,
        vnp_Message: text,
        vnp_TmnCode: vnpay.tmnCode,
        vnp_TxnRef: body.vnp_TxnRef,
        ...fields,
      });
    if (!['querydr', 'refund'].includes(command)) return answer('03', 'Lệnh không hỗ trợ.');
    if (!verifyVnpayApi(vnpay.hashSecret, message, body)) return answer('97', 'Checksum không hợp lệ');
    if (body.vnp_TmnCode !== vnpay.tmnCode) return answer('02', 'Mã định danh kết nối không hợp lệ');
    const transaction = find('vnpay', String(body.vnp_TxnRef ?? ''));
    if (!transaction) return answer('91', 'Không tìm thấy giao dịch yêu cầu');
    const described = {
      vnp_Amount: String(transaction.amount * 100),
      vnp_BankCode: 'NCB',
      vnp_PayDate: formatGmt7(new Date()),
      vnp_TransactionNo: transaction.transactionId,
      vnp_OrderInfo: body.vnp_OrderInfo,
    };
    if (command === 'querydr') {
      const status = { pending: '01', paid: '00', failed: '02' }[transaction.status];
      return answer('00', 'Yêu cầu thành công', {
        ...described,
        vnp_TransactionType: '01',
        vnp_TransactionStatus: status,
      });
    }
    const amount = Number(body.vnp_Amount) / 100;
    const refused = refusal(transaction, amount, String(body.vnp_RequestId ?? ''));
    if (refused) return answer('95', refused);
    const refundNo = takeRefund(transaction, amount, String(body.vnp_RequestId ?? ''));
    return answer('00', 'Yêu cầu thành công', {
      ...described,
      vnp_Amount: body.vnp_Amount,
      vnp_TransactionNo: refundNo,
      vnp_TransactionType: body.vnp_TransactionType,
      vnp_TransactionStatus: '00',
    });
  }

  const zalopay = config.zalopay
    ? createZalopayBackOffice(config.zalopay, config.publicUrl, {
        open: (reference, amount) => open('zalopay', reference, amount),
        find: (reference) => find('zalopay', reference),
        refund(transactionId, amount, refundId) {
          const transaction = findByTransactionId('zalopay', transactionId);
          const refused = refusal(transaction, amount, refundId);
          return refused ? { refused } : { refundNo: takeRefund(transaction!, amount, refundId) };
        },
      })
    : null;

  const base = `${config.publicUrl}${SIMULATOR_PREFIX}`;
  return {
    open,
    decide,
    find,
    zalopay,
    /** A JSON call to a simulated gateway's API (MoMo create/query/refund, VNPay's merchant web API). */
    answerJson(url: string, body: Record<string, unknown>): Record<string, unknown> {
      const path = url.startsWith(base) ? url.slice(base.length) : url;
      if (config.momo && path === '/momo/v2/gateway/api/create') return momoCreate(config.momo, body);
      if (config.momo && path === '/momo/v2/gateway/api/query') return momoQuery(config.momo, body);
      if (config.momo && path === '/momo/v2/gateway/api/refund') return momoRefund(config.momo, body);
      if (config.vnpay && path === '/vnpay/merchant_webapi/api/transaction') return vnpayApi(config.vnpay, body);
      const zalopayAnswer = zalopay?.answer(path, body);
      if (zalopayAnswer) return zalopayAnswer;
      return { resultCode: 99, message: 'Không có API này.' };
    },
    /** A form call to OnePay's simulated merchant API (QueryDR, refund). */
    answerForm(url: string, fields: Record<string, string>): Record<string, string> {
      return onepayApi(url, fields);
    },
  };
}
