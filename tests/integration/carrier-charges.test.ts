/**
 * Decree 147/2024 for carrier billing: the subscriber sees every charge of the last 180 days (API
 * and the "Gói cước" page), only their own; the registration and cancellation SMS name the
 * service, its code and short code, the cycle and price, how to cancel and the hotline; the consent
 * text before buying names the cycle and the short code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, signIn } from '../helpers/auth.ts';
import { NUMBERS, smsTo, subscribe, subscriptionOf } from '../helpers/carrier.ts';
import { createShopper } from '../helpers/commerce.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
});
afterAll(async () => {
  await t?.close();
});

const chargesOf = async (shopper: Awaited<ReturnType<typeof createShopper>>) => {
  const response = await shopper.call('GET', '/api/user/subscription/charges.json');
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('the charges of the last 180 days', () => {
  it('lists the first charge and a renewal the operator refused, sums only what was taken, and forgets older charges', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 2, price: 15_000 });
    const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
    // The next renewal is refused (insufficient balance): the attempt is listed, nothing taken.
    await t.db
      .updateTable('subscriptions')
      .set({ msisdn: NUMBERS.insufficient })
      .where('id', '=', subscription.id)
      .execute();
    const end = new Date(String(subscription.current_period_end));
    await t.services.renewals.runRenewals(new Date(end.getTime() + 60_000));

    const history = await chargesOf(shopper);
    expect(history).toMatchObject({ days: 180, total_charged: 15_000 });
    expect(history.items).toEqual([
      expect.objectContaining({
        kind: 'renewal',
        kind_label: 'Gia hạn',
        amount: 15_000,
        status: 'insufficient_balance',
        charged: false,
        status_label: 'Không trừ tiền (tài khoản không đủ số dư)',
        package_label: 'Gói tuần',
        sms_code: course.smsCode,
      }),
      expect.objectContaining({
        kind: 'subscribe',
        kind_label: 'Đăng ký',
        amount: 15_000,
        status: 'success',
        charged: true,
      }),
    ]);
    expect(history.items[1].course_title).toBe(history.items[0].course_title);

    // A charge made 181 days ago is past the window; one made 179 days ago is still in it.
    const [renewal, first] = history.items;
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    await t.db
      .updateTable('carrier_charges')
      .set({ created_at: daysAgo(181) })
      .where('id', '=', first.id)
      .execute();
    await t.db
      .updateTable('carrier_charges')
      .set({ created_at: daysAgo(179) })
      .where('id', '=', renewal.id)
      .execute();
    const later = await chargesOf(shopper);
    expect(later.items.map((item: { id: number }) => item.id)).toEqual([renewal.id]);
    expect(later.total_charged).toBe(0);
  });

  it("shows no one else's charges, and asks a visitor to sign in", async () => {
    const owner = await createShopper(t);
    await subscribe(t, owner, { cycle: 3, price: 49_000 });
    const other = await createShopper(t);
    expect((await chargesOf(other)).items).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/subscription/charges.json' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the history on the "Gói cước" page, with the total charged', async () => {
    const shopper = await createShopper(t);
    const { cookie } = (await signIn(t, shopper.user.phone!, shopper.user.password)).cookie;
    const empty = await getPage(t, '/tai-khoan/goi-cuoc', cookie);
    expect(empty.body).toContain('Bạn chưa đăng ký gói cước nào.');
    expect(empty.body).not.toContain('Lịch sử trừ tiền');

    expect((await subscribe(t, shopper, { cycle: 3, price: 49_000 })).response.statusCode).toBe(201);
    const page = await getPage(t, '/tai-khoan/goi-cuoc', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lịch sử trừ tiền 180 ngày qua');
    expect(page.body).toContain('data-testid="charge-row"');
    expect(page.body).toMatch(/data-testid="charge-total">49\.000đ</);
    expect(page.body).toContain('Đã trừ tiền');
  });
});

describe('what the subscriber is told', () => {
  it('names the service, its code, the short code, the cycle, the price, how to cancel and the hotline', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 2, price: 15_000 });
    const registered = (await smsTo(t, shopper.user.phone!)).at(-1)!;
    for (const part of [
      `mã ${course.smsCode}`,
      'đầu số 9234',
      '15.000 đồng/tuần',
      'gia hạn mỗi tuần',
      `Soạn HUY ${course.smsCode} gửi 9234`,
      'Hotline',
    ])
      expect(registered).toContain(part);

    const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
    const cancel = await shopper.call('POST', '/api/user/subscription/cancel.json', { id: subscription.id });
    expect(cancel.statusCode).toBe(200);
    // The confirmation is sent at once, with the cancel itself.
    const cancelled = (await smsTo(t, shopper.user.phone!)).at(-1)!;
    expect(cancelled).toMatch(
      new RegExp(`Bạn đã hủy gói .*mã ${course.smsCode}.*không trừ thêm tiền.*miễn phí.*Hotline`),
    );

    const offer = await shopper.call('GET', `/api/user/subscription/offer.json?pod_id=${course.podId}`);
    expect(offer.json().data).toMatchObject({
      cycle_text: 'Mỗi tuần',
      short_code: '9234',
      price_text: '15.000 đồng/tuần',
    });
  });
});
