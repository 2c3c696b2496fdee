/** Each gateway through its simulator, and its IPN: good, bad signature, wrong amount, unknown order, twice, racing the return. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { signMomoResult } from './momo.ts';
import { MOMO_SANDBOX } from './payments.config.ts';
import { signedVnpayNotice } from '../../tests/helpers/gateway-notices.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function placeOrder(method: string, price = 300_000) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, price);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout(method)).json().data as { order: { code: string }; payment_url: string };
  return { shopper, course, ...placed };
}

const countEnrolments = async (userId: number) =>
  (await t.db.selectFrom('enrolments').select('id').where('user_id', '=', userId).execute()).length;

describe.each(['momo', 'onepay_domestic', 'onepay_international', 'vnpay'])('%s through the simulator', (method) => {
  it('approves: IPN fulfils, the browser lands on the order; a decline leaves the order failed and re-orderable', async () => {
    const { shopper, order, payment_url } = await placeOrder(method);
    const approved = await decideOnSimulator(t, payment_url, 'approve');
    expect(approved.statusCode).toBe(302);
    const back = new URL(String(approved.headers.location));
    const returned = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      remoteAddress: nextClientAddress(),
    });
    expect(returned.headers.location).toBe(`/tai-khoan/don-hang?ma=${order.code}&ket-qua=thanh-cong`);
    const details = (await shopper.call('GET', `/api/user/order/details.json?code=${order.code}`)).json().data;
    expect(details.status).toBe('completed');
    expect(await countEnrolments(shopper.user.id)).toBe(1);
    const notes = await t.db
      .selectFrom('payment_notifications')
      .select(['channel', 'signature_valid'])
      .where('gateway', '=', method)
      .execute();
    expect(notes.filter((note) => note.channel === 'ipn' && note.signature_valid === 1).length).toBeGreaterThanOrEqual(
      1,
    );

    const declined = await placeOrder(method);
    await decideOnSimulator(t, declined.payment_url, 'decline');
    const failed = (
      await declined.shopper.call('GET', `/api/user/order/details.json?code=${declined.order.code}`)
    ).json().data;
    expect(failed.status).toBe('failed');
    expect((await t.services.orders.reorder(declined.shopper.user.id, declined.order.code)).items).toHaveLength(1);
  });
});

describe('MoMo IPN', () => {
  const momo = { endpoint: '', ...MOMO_SANDBOX };
  const ipn = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payment/momo/ipn', payload, remoteAddress: nextClientAddress() });
  const result = (orderId: string, amount: number, resultCode = '0') =>
    signMomoResult(momo, {
      partnerCode: 'MOMO',
      orderId,
      requestId: orderId,
      amount: String(amount),
      orderInfo: 'x',
      orderType: 'momo_wallet',
      transId: '123',
      resultCode,
      message: 'ok',
      payType: 'qr',
      responseTime: '1',
      extraData: '',
    });

  it('answers 204 always, fulfils once, refuses bad signatures, wrong amounts and unknown orders', async () => {
    const { shopper, order } = await placeOrder('momo', 120_000);
    const requestId = `${order.code}01`;
    expect((await ipn({ ...result(requestId, 120_000), signature: 'f'.repeat(64) })).statusCode).toBe(204);
    expect((await ipn(result(requestId, 1_000))).statusCode).toBe(204);
    expect((await ipn(result('KT20260101ZZZZZZ01', 120_000))).statusCode).toBe(204);
    expect(await countEnrolments(shopper.user.id)).toBe(0);
    const [first, second] = await Promise.all([ipn(result(requestId, 120_000)), ipn(result(requestId, 120_000))]);
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    expect(await countEnrolments(shopper.user.id)).toBe(1);
    const outcomes = await t.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('gateway', '=', 'momo')
      .execute();
    const verdicts = outcomes.map((row) => row.outcome.split(':')[0]);
    for (const verdict of ['bad_signature', 'bad_amount', 'not_found', 'confirmed', 'already_confirmed'])
      expect(verdicts).toContain(verdict);
  });
});

describe('VNPay IPN and browser return', () => {
  const call = (kind: 'ipn' | 'return', values: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/payment/vnpay/${kind}?${new URLSearchParams(values)}`,
      remoteAddress: nextClientAddress(),
    });

  it('answers each RspCode and fulfils once while the return races the IPN', async () => {
    const { shopper, order } = await placeOrder('vnpay', 80_000);
    const ref = `${order.code}01`;
    expect((await call('ipn', { ...signedVnpayNotice(ref, 80_000), vnp_Amount: '1' })).json()).toEqual({
      RspCode: '97',
      Message: 'Fail checksum',
    });
    expect((await call('ipn', signedVnpayNotice(ref, 70_000))).json().RspCode).toBe('04');
    expect((await call('ipn', signedVnpayNotice('KT20260101ZZZZZZ01', 80_000))).json().RspCode).toBe('01');
    const good = signedVnpayNotice(ref, 80_000);
    const [returned, first, second] = await Promise.all([call('return', good), call('ipn', good), call('ipn', good)]);
    expect(returned.statusCode).toBe(302);
    expect([first.json().RspCode, second.json().RspCode].sort()).toEqual(['00', '02']);
    expect(await countEnrolments(shopper.user.id)).toBe(1);
    const validated = await shopper.call('POST', '/api/user/external/validate_order_payment.json', {
      payment_method: 'vnpay',
      params: good,
    });
    expect(validated.json().data).toMatchObject({
      order: { code: order.code, status: 'completed' },
      gateway_result: { outcome: 'success' },
    });
  });
});
