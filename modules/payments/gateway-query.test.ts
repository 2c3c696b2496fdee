/** Each provider's query against its simulator: paid, pending, failed, not found. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDate } from '../../db/connect.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createShopper, decideOnSimulator, openOnSimulator } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { GATEWAY_METHODS, type GatewayMethod } from './gateway.ts';
import { buildMomoQueryRequest } from './momo.ts';
import { buildOnepayQueryRequest, verifyOnepay } from './onepay.ts';
import { buildVnpayQueryRequest } from './vnpay.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function placeOrder(method: GatewayMethod, price = 250_000) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, price);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout(method)).json().data as { order: { code: string }; payment_url: string };
  const payment = await t.db
    .selectFrom('payments')
    .selectAll()
    .where('request_id', '=', `${placed.order.code}01`)
    .executeTakeFirstOrThrow();
  return { ...placed, payment };
}

const query = async (method: GatewayMethod, requestId: string, amount: number, createdAt = new Date()) =>
  t.services.payments.gateways
    .get(method)!
    .query({ requestId, amount, transactionId: null, createdAt, orderInfo: 'Thanh toan' }, new Date());

describe.each(GATEWAY_METHODS)('%s query', (method) => {
  it('answers pending for an opened payment page, paid after approval, failed after a decline', async () => {
    const { payment, payment_url } = await placeOrder(method);
    expect((await openOnSimulator(t, payment_url)).statusCode).toBe(200);
    const createdAt = readDate(payment.created_at);
    expect(await query(method, payment.request_id, payment.amount, createdAt)).toMatchObject({ status: 'pending' });

    await decideOnSimulator(t, payment_url, 'approve');
    const settled = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('succeeded');
    expect(await query(method, payment.request_id, payment.amount, createdAt)).toMatchObject({
      status: 'paid',
      amount: 250_000,
      transactionId: settled.gateway_txn_id,
    });

    const declined = await placeOrder(method, 90_000);
    await decideOnSimulator(t, declined.payment_url, 'decline');
    const failed = await query(method, declined.payment.request_id, 90_000, readDate(declined.payment.created_at));
    expect(failed.status).toBe('failed');
    expect(failed).toHaveProperty('code');
  });

  it('answers not found for a reference the gateway never saw', async () => {
    expect(await query(method, 'KT20260101ZZZZZZ01', 10_000)).toMatchObject({ status: 'not_found' });
  });
});

describe('the simulators over HTTP (a CLI beside the server reaches them so)', () => {
  const unknown = {
    requestId: 'KT20260101ZZZZZZ01',
    amount: 10_000,
    transactionId: null,
    createdAt: new Date(),
    orderInfo: 'x',
  };
  const post = (url: string, payload: string | object, form = false) =>
    t.app.inject({
      method: 'POST',
      url: `/__sim/pay${url}`,
      payload,
      ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
    });

  it('answers MoMo, OnePay (form) and VNPay API calls, checking their signatures', async () => {
    const config = t.services.paymentsConfig;
    const momo = buildMomoQueryRequest(config.momo!, unknown, 'Q1');
    expect((await post('/momo/v2/gateway/api/query', momo)).json()).toMatchObject({ resultCode: 42 });
    expect((await post('/momo/v2/gateway/api/query', { ...momo, orderId: 'X' })).json()).toMatchObject({
      resultCode: 11,
    });

    const onepay = config.onepayDomestic!;
    const fields = buildOnepayQueryRequest(onepay, unknown);
    const answer = await post('/onepay/msp/api/v1/vpc/invoices/queries', new URLSearchParams(fields).toString(), true);
    const parsed = Object.fromEntries(new URLSearchParams(answer.body));
    expect(parsed.vpc_DRExists).toBe('N');
    expect(verifyOnepay(onepay.hashKey, parsed)).toBe(true);

    const vnpay = buildVnpayQueryRequest(config.vnpay!, unknown, new Date());
    expect((await post('/vnpay/merchant_webapi/api/transaction', vnpay)).json()).toMatchObject({
      vnp_ResponseCode: '91',
    });
    const tampered = await post('/vnpay/merchant_webapi/api/transaction', { ...vnpay, vnp_TxnRef: 'KT1' });
    expect(tampered.json()).toMatchObject({ vnp_ResponseCode: '97' });
  });
});
