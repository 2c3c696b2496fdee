/**
 * The operator's inbound-SMS webhook: signed bodies only, DK/HUY with any case, spacing and
 * Vietnamese marks, replays processed once, hostile text stored and answered with help.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createCarrierCourse } from '../../tests/factories/subscriptions.ts';
import {
  chargesOf,
  nextMessageId,
  notificationKinds,
  postSms,
  smsTo,
  subscribe,
  subscriptionOf,
} from '../../tests/helpers/carrier.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { parseSmsCommand } from './carrier-sms.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const inbound = (messageId: string) =>
  t.db.selectFrom('carrier_sms_inbound').selectAll().where('message_id', '=', messageId).execute();

describe('reading the keywords', () => {
  it.each([
    ['DK TA', { keyword: 'DK', code: 'TA' }],
    ['  dk    ta30n ', { keyword: 'DK', code: 'TA30N' }],
    ['Đk ta', { keyword: 'DK', code: 'TA' }],
    ['Hủy TA', { keyword: 'HUY', code: 'TA' }],
    ['HUỶ\tta', { keyword: 'HUY', code: 'TA' }],
    ['huy ta', { keyword: 'HUY', code: 'TA' }],
  ])('%j', (text, expected) => {
    expect(parseSmsCommand(text)).toEqual(expected);
  });

  it.each([
    '',
    'DK',
    'XYZ TA',
    'DK TA THEM',
    'DK <script>',
    "HUY '; DROP TABLE subscriptions;--",
    'DK ' + 'A'.repeat(30),
  ])('%j is help', (text) => {
    expect(parseSmsCommand(text)).toEqual({ keyword: 'HELP' });
  });
});

describe('POST /api/carrier/sms', () => {
  it('is in the OpenAPI document with its signature header', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = spec.paths['/api/carrier/sms'].post;
    expect(operation.tags).toEqual(['subscriptions']);
    expect(operation.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'x-carrier-signature' })]);
    expect(spec.paths['/api/user/subscription.json'].get).toBeDefined();
  });

  it('refuses a missing or wrong signature and stores nothing', async () => {
    const body = { message_id: nextMessageId(), msisdn: '84912000001', text: 'DK TA' };
    const wrong = await postSms(t, body, 'another-secret-of-enough-length');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Chữ ký tin nhắn không hợp lệ.');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/carrier/sms', payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(await inbound(body.message_id)).toEqual([]);
  });

  it('registers with DK (the SMS is the consent) and processes a replayed message once', async () => {
    const user = await createUser(t.db);
    const course = await createCarrierCourse(t.db, { cycle: 2, price: 15_000 });
    const body = {
      message_id: nextMessageId(),
      msisdn: `0${user.phone!.slice(2)}`,
      text: `đk ${course.smsCode.toLowerCase()}`,
    };
    const first = await postSms(t, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ status: 'processed', outcome: 'dk_subscribed' });
    const replay = await postSms(t, body);
    expect(replay.json().data).toEqual({ status: 'duplicate', outcome: 'duplicate' });
    const subscription = await subscriptionOf(t, user.id, course.podId);
    expect(subscription.status).toBe('active');
    expect(await chargesOf(t, subscription.id)).toHaveLength(1);
    const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute();
    expect(orders).toEqual([
      expect.objectContaining({ status: 'completed', payment_method: 'carrier', total: 15_000 }),
    ]);
    expect(await inbound(body.message_id)).toEqual([
      expect.objectContaining({ text: body.text, payload: JSON.stringify(body), outcome: 'dk_subscribed' }),
    ]);
    expect(await smsTo(t, user.phone!)).toHaveLength(1);
    // DK again (another message): already registered, nothing charged.
    const again = await postSms(t, { ...body, message_id: nextMessageId() });
    expect(again.json().data.outcome).toBe('dk_already');
    expect(await chargesOf(t, subscription.id)).toHaveLength(1);
  });

  it('cancels with HUY, confirms by SMS, keeps access to the period end; DK then resumes renewals without a charge', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 3 });
    const body = { message_id: nextMessageId(), msisdn: shopper.user.phone!, text: ` Hủy   ${course.smsCode} ` };
    expect((await postSms(t, body)).json().data.outcome).toBe('huy_cancelled');
    const cancelled = await subscriptionOf(t, shopper.user.id, course.podId);
    expect(cancelled).toMatchObject({ status: 'cancelled', next_charge_at: null });
    expect((await smsTo(t, shopper.user.phone!)).at(-1)).toContain('Bạn đã hủy gói');
    expect(await notificationKinds(t, shopper.user.id)).toEqual(['subscription_subscribed', 'subscription_cancelled']);
    const twice = await postSms(t, { ...body, message_id: nextMessageId() });
    expect(twice.json().data.outcome).toBe('huy_already');
    const resumed = await postSms(t, { ...body, message_id: nextMessageId(), text: `DK ${course.smsCode}` });
    expect(resumed.json().data.outcome).toBe('dk_resumed');
    const active = await subscriptionOf(t, shopper.user.id, course.podId);
    expect(active.status).toBe('active');
    expect(active.next_charge_at).toEqual(cancelled.current_period_end);
    expect(await chargesOf(t, active.id)).toHaveLength(1);
  });

  it('answers DK from a number without an account with a sign-up link and creates nothing', async () => {
    const course = await createCarrierCourse(t.db);
    const body = { message_id: nextMessageId(), msisdn: '84977000123', text: `DK ${course.smsCode}` };
    expect((await postSms(t, body)).json().data.outcome).toBe('no_account');
    expect((await smsTo(t, '84977000123')).at(-1)).toContain('http://localhost:3000/dang-ky');
    expect(await t.db.selectFrom('users').select('id').where('phone', '=', '84977000123').execute()).toEqual([]);
    expect(await t.db.selectFrom('subscriptions').select('id').where('msisdn', '=', '84977000123').execute()).toEqual(
      [],
    );
  });

  it('answers unknown keywords, unknown codes and hostile text with help, and stores the raw message', async () => {
    const user = await createUser(t.db);
    const hostile = [
      "HUY '; DROP TABLE subscriptions;--",
      '<script>alert(1)</script>',
      `DK ${'x'.repeat(4_000)}`,
      'DK\u0000TA',
      '👋 xin chào',
      'DK KHONGCOMA',
    ];
    for (const text of hostile) {
      const body = { message_id: nextMessageId(), msisdn: user.phone!, text };
      const answer = await postSms(t, body);
      expect(answer.statusCode).toBe(200);
      expect(['help', 'unknown_code']).toContain(answer.json().data.outcome);
      const [stored] = await inbound(body.message_id);
      expect(stored!.text.length).toBeLessThanOrEqual(1000);
      expect(stored!.text).not.toContain('\u0000');
    }
    const replies = await smsTo(t, user.phone!);
    expect(replies).toHaveLength(hostile.length);
    for (const reply of replies) {
      expect(reply).toContain('Soạn DK <MÃ GÓI> gửi 9234');
      expect(reply).not.toContain('<script>');
      expect(reply).not.toContain('DROP TABLE');
    }
    expect(await t.db.selectFrom('subscriptions').select('id').execute()).toBeDefined();
    const tooLong = await postSms(t, { message_id: nextMessageId(), msisdn: user.phone!, text: 'a'.repeat(6_000) });
    expect(tooLong.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/carrier/sms',
      payload: '{"message_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });
});
