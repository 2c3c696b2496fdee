/**
 * The query and refund request signatures of each gateway. payments.json has no vectors for them,
 * so the fixtures are the documented fields in the documented order, signed by an independent
 * HMAC implementation; each request must rebuild them exactly, and a tampered field must fail the
 * gateway's check (the simulators check requests with these functions).
 */
import { describe, expect, it } from 'vitest';
import type { GatewayTransaction, RefundInput } from './gateway.ts';
import {
  buildMomoQueryRequest,
  buildMomoRaw,
  buildMomoRefundRequest,
  MOMO_QUERY_KEYS,
  MOMO_REFUND_KEYS,
  verifyMomoRequest,
} from './momo.ts';
import { buildOnepayQueryRequest, buildOnepayRaw, buildOnepayRefundRequest, verifyOnepay } from './onepay.ts';
import { MOMO_SANDBOX } from './payments.config.ts';
import { buildVnpayApiRaw, buildVnpayQueryRequest, buildVnpayRefundRequest, verifyVnpayApi } from './vnpay.ts';

const momo = { endpoint: 'http://sim', ...MOMO_SANDBOX };
const onepay = {
  url: 'http://sim',
  merchant: 'ONEPAY',
  accessCode: 'D67342C2',
  hashKey: 'A3EFDFABA8653DF2342E8DAC29B51AF0',
  apiUrl: 'http://sim',
  user: 'op01',
  password: 'op123456',
};
const vnpay = { url: 'http://sim', tmnCode: 'KHAITRI1', hashSecret: 'khaitri-vnpay-demo-secret', apiUrl: 'http://sim' };

// 12:00 and 13:00 on 22 November 2026 in Vietnam (GMT+7).
const paidAt = new Date('2026-11-22T05:00:00Z');
const now = new Date('2026-11-22T06:00:00Z');
const transaction: GatewayTransaction = {
  requestId: 'KT20261122ABCDEF01',
  amount: 300_000,
  transactionId: '4088878653',
  createdAt: paidAt,
  orderInfo: 'Thanh toan don hang KT20261122ABCDEF',
};
const refund = (overrides: Partial<RefundInput> = {}): RefundInput => ({
  transaction,
  refundId: 'KT20261122ABCDEF01RABC',
  amount: 50_000,
  reason: 'Hoàn tiền theo yêu cầu',
  actor: 'cli:admin',
  now,
  ...overrides,
});

describe('MoMo query and refund (HMAC-SHA256)', () => {
  it('signs the query over accessKey, orderId, partnerCode, requestId', () => {
    const body = buildMomoQueryRequest(momo, transaction, `Q${transaction.requestId}${now.getTime()}`);
    expect(buildMomoRaw(MOMO_QUERY_KEYS, momo.accessKey, body)).toBe(
      'accessKey=F8BBA842ECF85&orderId=KT20261122ABCDEF01&partnerCode=MOMO&requestId=QKT20261122ABCDEF011795327200000',
    );
    expect(body.signature).toBe('fa9662a3a043f30ecfce076c9219c7c23dc233c291912808dc73b72811c55692');
    expect(verifyMomoRequest(momo, MOMO_QUERY_KEYS, body)).toBe(true);
    expect(verifyMomoRequest(momo, MOMO_QUERY_KEYS, { ...body, orderId: 'KT20261122ABCDEF02' })).toBe(false);
  });

  it('signs the refund over accessKey, amount, description, orderId (new), partnerCode, requestId, transId', () => {
    const body = buildMomoRefundRequest(momo, refund());
    expect(buildMomoRaw(MOMO_REFUND_KEYS, momo.accessKey, body)).toBe(
      'accessKey=F8BBA842ECF85&amount=50000&description=Hoàn tiền theo yêu cầu&orderId=KT20261122ABCDEF01RABC&partnerCode=MOMO&requestId=KT20261122ABCDEF01RABC&transId=4088878653',
    );
    expect(body.signature).toBe('b3ffa01b8801de8e092596495eb33775b9e88b96146648fab555d966c38f1bcd');
    expect(verifyMomoRequest(momo, MOMO_REFUND_KEYS, body)).toBe(true);
    expect(verifyMomoRequest(momo, MOMO_REFUND_KEYS, { ...body, amount: 300_000 })).toBe(false);
    expect(verifyMomoRequest(momo, MOMO_REFUND_KEYS, { ...body, transId: 4088878654 })).toBe(false);
  });
});

describe('OnePay QueryDR and refund (HMAC-SHA256, hex key, uppercase)', () => {
  it('signs queryDR over the sorted vpc_* fields, user and password included', () => {
    const fields = buildOnepayQueryRequest(onepay, transaction);
    expect(buildOnepayRaw(fields)).toBe(
      'vpc_AccessCode=D67342C2&vpc_Command=queryDR&vpc_MerchTxnRef=KT20261122ABCDEF01&vpc_Merchant=ONEPAY&vpc_Password=op123456&vpc_User=op01&vpc_Version=2',
    );
    expect(fields.vpc_SecureHash).toBe('353B817E5D78FA66B19B1A8E43F08A611CA278E9B3048A103EE7F5F55A4AB622');
    expect(verifyOnepay(onepay.hashKey, fields)).toBe(true);
    expect(verifyOnepay(onepay.hashKey, { ...fields, vpc_MerchTxnRef: 'KT20261122ABCDEF02' })).toBe(false);
  });

  it('signs the refund with a new reference, the original one and the amount × 100', () => {
    const fields = buildOnepayRefundRequest(onepay, refund());
    expect(buildOnepayRaw(fields)).toBe(
      'vpc_AccessCode=D67342C2&vpc_Amount=5000000&vpc_Command=refund&vpc_MerchTxnRef=KT20261122ABCDEF01RABC&vpc_Merchant=ONEPAY&vpc_Operator=cli:admin&vpc_OrgMerchTxnRef=KT20261122ABCDEF01&vpc_Password=op123456&vpc_User=op01&vpc_Version=2',
    );
    expect(fields.vpc_SecureHash).toBe('76EFB2B9E8352C0914CA24D45B2499732FFA669CBC577DCA191A314A370F8348');
    expect(verifyOnepay(onepay.hashKey, { ...fields, vpc_Amount: '30000000' })).toBe(false);
  });
});

describe('VNPay querydr and refund (HMAC-SHA512 over |-joined fields)', () => {
  it('signs querydr over RequestId|Version|Command|TmnCode|TxnRef|TransactionDate|CreateDate|IpAddr|OrderInfo', () => {
    const body = buildVnpayQueryRequest(vnpay, transaction, now);
    expect(buildVnpayApiRaw('querydr', body)).toBe(
      'QKT20261122ABCDEF011795327200000|2.1.0|querydr|KHAITRI1|KT20261122ABCDEF01|20261122120000|20261122130000|127.0.0.1|Thanh toan don hang KT20261122ABCDEF',
    );
    expect(body.vnp_SecureHash).toBe(
      '890081de7ac1f60c6d361cd7157dd89355e0ee3a0b67a3584182e94031ef12db5225c3145dcf33fdb06d7c6b8ba2e54b6e5fa4595a1aafd0fa7b974de9b34078',
    );
    expect(verifyVnpayApi(vnpay.hashSecret, 'querydr', body)).toBe(true);
    expect(verifyVnpayApi(vnpay.hashSecret, 'querydr', { ...body, vnp_TxnRef: 'KT20261122ABCDEF02' })).toBe(false);
  });

  it('signs a partial refund (type 03) over its 13 fields; a full one is type 02', () => {
    const body = buildVnpayRefundRequest(vnpay, { ...refund(), reason: 'Hoan tien theo yeu cau' });
    expect(buildVnpayApiRaw('refund', body)).toBe(
      'KT20261122ABCDEF01RABC|2.1.0|refund|KHAITRI1|03|KT20261122ABCDEF01|5000000|4088878653|20261122120000|cli:admin|20261122130000|127.0.0.1|Hoan tien theo yeu cau',
    );
    expect(body.vnp_SecureHash).toBe(
      '19371af752cb01adf85bbd4973f399b8d2e4225ab79144b64de200268e967ad68c33289ed99e1811b975a0d9a4284756a26c957a20ecd5e3b8af305045003333',
    );
    expect(verifyVnpayApi(vnpay.hashSecret, 'refund', body)).toBe(true);
    expect(verifyVnpayApi(vnpay.hashSecret, 'refund', { ...body, vnp_Amount: '30000000' })).toBe(false);
    expect(buildVnpayRefundRequest(vnpay, refund({ amount: 300_000 })).vnp_TransactionType).toBe('02');
  });
});
