/**
 * The periodic jobs of server/jobs.ts: every one is scheduled with its period, and a run repeated at
 * the same moment (two instances, or a retry after a crash) does its work once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse, createPromotion } from '../tests/factories/commerce.ts';
import { nextClientAddress } from '../tests/helpers/auth.ts';
import { createShopper } from '../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';
import { transferOrder } from '../tests/helpers/transfers.ts';
import { periodicJobs } from './jobs.ts';

let t: TestContext;
const log = { info: () => {} };

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('periodic jobs', () => {
  it('keeps the periods of the loops they replace, each with a deadline', () => {
    const periods = Object.fromEntries(periodicJobs(t.services, log).map((job) => [job.name, job.everySeconds]));
    expect(periods).toEqual({
      'orders.expire': 60,
      'payments.reconcile': t.services.paymentsConfig.reconcileEveryMinutes * 60,
      'subscriptions.renew': 60,
      'courses.publish-scheduled': 60,
      'video-uploads.sweep': 3600,
      'exams.tick': 15,
      'video.maintain': 600,
      'privacy.deletions': 600,
      'messages.zns-token': 600,
      'transfers.reconcile': 900,
    });
    for (const job of periodicJobs(t.services, log)) expect(job.expireInSeconds).toBeGreaterThan(0);
  });

  it('every job run twice at once succeeds', async () => {
    for (const job of periodicJobs(t.services, log)) {
      const now = new Date();
      await expect(Promise.all([job.run(now), job.run(now)]), job.name).resolves.toBeDefined();
    }
  });

  it('orders.expire run twice at once expires an order and gives its promotion use back once', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db);
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 10, quantity: 10 });
    await shopper.addToCart(course.podId);
    const code = (await shopper.checkout('momo', promotion.code)).json().data.order.code as string;
    // Two uses held by other live orders.
    await t.db.updateTable('promotions').set({ used: 3 }).where('id', '=', promotion.id).execute();

    const expire = periodicJobs(t.services, log).find((job) => job.name === 'orders.expire')!;
    const later = new Date(Date.now() + 31 * 60_000);
    await Promise.all([expire.run(later), expire.run(later)]);
    const order = await t.db.selectFrom('orders').select('status').where('code', '=', code).executeTakeFirstOrThrow();
    expect(order.status).toBe('expired');
    const used = await t.db
      .selectFrom('promotions')
      .select('used')
      .where('id', '=', promotion.id)
      .executeTakeFirstOrThrow();
    expect(used.used).toBe(2);
  });

  it('messages.zns-token renews the Zalo OA token when less than an hour is left', async () => {
    const zns = await createTestContext({ env: { ZNS_TEMPLATE_OTP: '246810:otp' } });
    try {
      const job = periodicJobs(zns.services, log).find((item) => item.name === 'messages.zns-token')!;
      await job.run(new Date());
      const seeded = await zns.db.selectFrom('zns_tokens').selectAll().executeTakeFirstOrThrow();
      expect(seeded.refreshed_at).toBeNull();
      // 24 h 30 min later (30 minutes left of the simulator's 25-hour token): renewed.
      await job.run(new Date(Date.now() + 24.5 * 3600 * 1000));
      const renewed = await zns.db.selectFrom('zns_tokens').selectAll().executeTakeFirstOrThrow();
      expect(renewed.refreshed_at).not.toBeNull();
      expect(renewed.refresh_token).not.toBe(seeded.refresh_token);
    } finally {
      await zns.close();
    }
  });

  it('transfers.reconcile finds a transfer whose notification was dropped and completes its order once', async () => {
    const order = await transferOrder(t);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/__sim/pay/chuyen-khoan',
      headers: { accept: 'application/json' },
      payload: { code: order.code, amount: 350_000, drop_notification: true },
      remoteAddress: nextClientAddress(),
    });
    expect(sent.json().data.results).toEqual([]);
    expect((await order.details()).status).toBe('pending');

    const reconcile = periodicJobs(t.services, log).find((job) => job.name === 'transfers.reconcile')!;
    const now = new Date();
    await Promise.all([reconcile.run(now), reconcile.run(now)]);
    expect((await order.details()).status).toBe('completed');
    expect(await order.credits()).toEqual([expect.objectContaining({ state: 'matched', source: 'statement' })]);
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
  });
});
