/**
 * ZaloPay through its simulator and its callback under hostile input: bad JSON, a bad mac, another
 * app, a wrong amount, an unknown or malformed app_trans_id, replays racing each other — exactly one
 * confirmation, each answered with ZaloPay's return_code; a decline fails the order by reconciliation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { noticeFields, returnFields } from '../../tests/helpers/gateway-notices.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { ZALOPAY_SANDBOX } from './payments.config.ts';
import { signZalopay, signZalopayCallback, zalopayTransId } from './zalopay.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const later = () => new Date(Date.now() + 10 * 60_000);

async function placeOrder(price = 200_000) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, price);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout('zalopay')).json().data as { order: { code: string }; payment_url: string };
  const code = placed.order.code;
  return {
    ...placed,
    shopper,
    requestId: `${code}01`,
    status: async () => (await shopper.call('GET', `/api/user/order/details.json?code=${code}`)).json().data.status,
    enrolments: async () =>
      (await t.db.selectFrom('enrolments').select('id').where('user_id', '=', shopper.user.id).execute()).length,
    paidNotices: async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', shopper.user.id)
          .where('kind', '=', 'order_paid')
          .execute()
      ).length,
  };
}

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/zalopay/ipn',
    payload: payload as string,
    headers,
    remoteAddress: nextClientAddress(),
  });
const returnCode = (answer: { json: () => { return_code: number } }) => answer.json().return_code;

/** A callback as ZaloPay would send it for this attempt (key2 of the sandbox merchant). */
function callback(requestId: string, amount: number, changes: Record<string, unknown> = {}) {
  const signed = signZalopayCallback(ZALOPAY_SANDBOX.key2, {
    app_id: 2553,
    app_trans_id: zalopayTransId(requestId, new Date()),
    app_time: Date.now(),
    app_user: 'KhaiTri',
    amount,
    embed_data: '{}',
    item: '[]',
    zp_trans_id: 261126000000777,
    server_time: Date.now(),
    channel: 38,
    merchant_user_id: '',
    user_fee_amount: 0,
    discount_amount: 0,
    ...changes,
  });
  return signed;
}

describe('ZaloPay through its simulator', () => {
  it('creates the order with key1, pays, calls back once, and brings the browser back', async () => {
    const order = await placeOrder();
    const url = new URL(order.payment_url);
    expect(url.pathname).toBe('/__sim/pay/zalopay/pay');
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Giả lập ZaloPay');
    expect(page.body).toContain('200.000đ');

    const approved = await decideOnSimulator(t, order.payment_url, 'approve');
    const back = new URL(String(approved.headers.location));
    expect(back.pathname).toBe('/api/payment/zalopay/return');
    expect(back.searchParams.get('apptransid')).toMatch(new RegExp(`^\\d{6}_${order.requestId}$`));
    const returned = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      remoteAddress: nextClientAddress(),
    });
    expect(returned.headers.location).toBe(`/tai-khoan/don-hang?ma=${order.order.code}&ket-qua=thanh-cong`);
    expect(await order.status()).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('request_id', '=', order.requestId)
      .executeTakeFirstOrThrow();
    expect(payment.gateway).toBe('zalopay');
    expect(payment.gateway_txn_id).toMatch(/^\d+$/);

    // The same callback again (ZaloPay retries): "already handled", nothing more.
    const again = await post(noticeFields(t, 'zalopay', String(approved.headers.location)));
    expect(again.json()).toEqual({ return_code: 2, return_message: 'already handled' });
    expect(await order.enrolments()).toBe(1);
    expect(await order.paidNotices()).toBe(1);

    // A tampered browser return is not believed.
    const tampered = new URLSearchParams({ ...returnFields(back.toString()), amount: '1000' });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/payment/zalopay/return?${tampered}`,
      remoteAddress: nextClientAddress(),
    });
    expect(refused.headers.location).toBe('/tai-khoan/don-hang?ket-qua=khong-hop-le');
  });

  it('sends no callback for a decline: the return says so, and reconciliation fails the order', async () => {
    const order = await placeOrder(90_000);
    const declined = await decideOnSimulator(t, order.payment_url, 'decline');
    const back = new URL(String(declined.headers.location));
    expect(back.searchParams.get('status')).toBe('-2');
    const returned = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.headers.location).toBe(`/tai-khoan/don-hang?ma=${order.order.code}&ket-qua=that-bai`);
    expect(await order.status()).toBe('pending');
    const report = await t.services.payments.reconcile(later());
    expect(report.errors).toEqual([]);
    expect(await order.status()).toBe('failed');
  });

  it('refuses a badly signed create call and answers its API over HTTP', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/__sim/pay/zalopay/v2/create',
      payload: { app_id: 2553, app_trans_id: '261126_X', amount: 1000, mac: 'f'.repeat(64) },
    });
    expect(created.json()).toMatchObject({ return_code: 2, sub_return_code: -402 });
    const appTransId = '261126_KT20260101ZZZZZZ01';
    const mac = signZalopay(ZALOPAY_SANDBOX.key1, `2553|${appTransId}|${ZALOPAY_SANDBOX.key1}`);
    const queried = await t.app.inject({
      method: 'POST',
      url: '/__sim/pay/zalopay/v2/query',
      payload: { app_id: 2553, app_trans_id: appTransId, mac },
    });
    expect(queried.json()).toMatchObject({ return_code: 2, sub_return_code: -101 });
  });
});

describe('ZaloPay callback under hostile input', () => {
  it('answers -1 to a bad mac or another app, 0 to a wrong amount or an unknown order, 400 to bad JSON', async () => {
    const order = await placeOrder(120_000);
    const good = callback(order.requestId, 120_000);

    const badJson = await post('{"data": "x", "mac":', { 'content-type': 'application/json' });
    expect(badJson.statusCode).toBe(400);
    expect(await post({ ...good, mac: 'f'.repeat(64) }).then(returnCode)).toBe(-1);
    expect(await post({ ...good, data: good.data.replace('120000', '1200') }).then(returnCode)).toBe(-1);
    expect(await post({ data: 'not json', mac: signZalopay(ZALOPAY_SANDBOX.key2, 'not json'), type: 1 })).toMatchObject(
      { statusCode: 200 },
    );
    const notJson = { data: 'not json', mac: signZalopay(ZALOPAY_SANDBOX.key2, 'not json'), type: 1 };
    expect((await post(notJson)).json()).toEqual({ return_code: -1, return_message: 'mac not equal' });
    expect(await post(callback(order.requestId, 120_000, { app_id: 2554 })).then(returnCode)).toBe(-1);
    expect(await post({ data: good.data }).then(returnCode)).toBe(-1);

    const wrongAmount = await post(callback(order.requestId, 1_000));
    expect(wrongAmount.json()).toEqual({ return_code: 0, return_message: 'invalid amount' });
    expect(await post(callback('KT20260101ZZZZZZ01', 120_000)).then(returnCode)).toBe(0);
    expect(await post(callback(order.requestId, 120_000, { app_trans_id: order.requestId })).then(returnCode)).toBe(0);
    expect(await order.status()).toBe('pending');
    expect(await order.enrolments()).toBe(0);

    // Replays racing each other: one confirmation, the others "already handled".
    const answers = await Promise.all([post(good), post(good), post(good)]);
    expect(answers.map(returnCode).sort()).toEqual([1, 2, 2]);
    expect(await order.status()).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    expect(await order.paidNotices()).toBe(1);

    const rows = await t.db
      .selectFrom('payment_notifications')
      .select(['outcome', 'signature_valid', 'channel'])
      .where('gateway', '=', 'zalopay')
      .execute();
    const verdicts = rows.map((row) => row.outcome.split(':')[0]);
    for (const verdict of ['bad_signature', 'bad_amount', 'not_found', 'confirmed', 'already_confirmed'])
      expect(verdicts).toContain(verdict);
  });

  it('lets the app check a ZaloPay return through validate_order_payment', async () => {
    const order = await placeOrder(60_000);
    const approved = await decideOnSimulator(t, order.payment_url, 'approve');
    const validated = await order.shopper.call('POST', '/api/user/external/validate_order_payment.json', {
      payment_method: 'zalopay',
      params: returnFields(String(approved.headers.location)),
    });
    expect(validated.json().data).toMatchObject({
      order: { code: order.order.code, status: 'completed' },
      gateway_result: { outcome: 'success', result_code: '1' },
    });
  });
});
