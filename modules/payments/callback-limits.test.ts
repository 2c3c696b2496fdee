/**
 * Server-to-server notifications from one address (a gateway's notifier, the operator's SMS
 * webhook): validly signed ones are never rate limited; badly signed ones count per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARRIER_SMS_SECRET } from '../../config/env.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { signSmsBody } from '../subscriptions/carrier-sms.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { UNSIGNED_NOTIFICATION_LIMIT } from '../cache/throttle.ts';
import { signedVnpayNotice } from '../../tests/helpers/gateway-notices.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/** More than the 300 a minute an address used to be allowed on these routes. */
const BURST = 400;

async function inBatches<T>(count: number, send: (index: number) => Promise<T>, size = 50): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < count; start += size)
    answers.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, i) => send(start + i)))),
    );
  return answers;
}

describe('gateway IPNs', () => {
  const ipn = (values: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/api/payment/vnpay/ipn?${new URLSearchParams(values)}`, remoteAddress });

  it('processes every validly signed IPN from one address, and throttles only the badly signed ones', async () => {
    const orders = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const shopper = await createShopper(t);
        const course = await createPaidCourse(t.db, 90_000);
        await shopper.addToCart(course.podId);
        const placed = (await shopper.checkout('vnpay')).json().data as { order: { code: string } };
        return { shopper, ref: `${placed.order.code}01` };
      }),
    );
    const notifier = nextClientAddress();
    const valid = await inBatches(BURST, (index) => ipn(signedVnpayNotice(orders[index % 4]!.ref, 90_000), notifier));
    expect(new Set(valid.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(valid.map((answer) => answer.json().RspCode))).toEqual(new Set(['00', '02']));
    for (const { shopper, ref } of orders) {
      const code = ref.slice(0, -2);
      expect((await shopper.call('GET', `/api/user/order/details.json?code=${code}`)).json().data.status).toBe(
        'completed',
      );
    }
    const recorded = await t.db
      .selectFrom('payment_notifications')
      .select('id')
      .where('gateway', '=', 'vnpay')
      .where('channel', '=', 'ipn')
      .execute();
    expect(recorded).toHaveLength(BURST);

    // Badly signed: answered as the gateway expects up to the limit, then refused before any work.
    const forger = nextClientAddress();
    const forged = { ...signedVnpayNotice(orders[0]!.ref, 90_000), vnp_SecureHash: 'ab'.repeat(64) };
    const answers = await inBatches(UNSIGNED_NOTIFICATION_LIMIT.hits + 10, () => ipn(forged, forger), 10);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(UNSIGNED_NOTIFICATION_LIMIT.hits);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toEqual({
      RspCode: '97',
      Message: 'Fail checksum',
    });
    // A valid notification from that same address still goes through.
    expect((await ipn(signedVnpayNotice(orders[1]!.ref, 90_000), forger)).json().RspCode).toBe('02');
    // The browser return is limited the same way: a valid one always lands on the order.
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/payment/vnpay/return?${new URLSearchParams(signedVnpayNotice(orders[2]!.ref, 90_000))}`,
      remoteAddress: forger,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toContain('ket-qua=thanh-cong');
  });
});

describe('the carrier SMS webhook', () => {
  const send = (body: Record<string, unknown>, remoteAddress: string, secret = DEMO_CARRIER_SMS_SECRET) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/carrier/sms',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-carrier-signature': signSmsBody(secret, raw) },
      remoteAddress,
    });
  };
  const message = (index: number) => ({
    message_id: `NAT-${Date.now()}-${index}`,
    msisdn: `8490${String(7_000_000 + index)}`,
    text: 'HELP',
    short_code: '9234',
  });

  it('processes every validly signed message from one address, and throttles only the badly signed ones', async () => {
    const operator = nextClientAddress();
    const valid = await inBatches(BURST, (index) => send(message(index), operator));
    expect(new Set(valid.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(valid.map((answer) => answer.json().data.status))).toEqual(new Set(['processed']));

    const forger = nextClientAddress();
    const forged = await inBatches(
      UNSIGNED_NOTIFICATION_LIMIT.hits + 5,
      (index) => send(message(BURST + index), forger, 'not-the-secret'),
      10,
    );
    const statuses = forged.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(UNSIGNED_NOTIFICATION_LIMIT.hits);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect((await send(message(2 * BURST), forger)).statusCode).toBe(200);
  });
});
