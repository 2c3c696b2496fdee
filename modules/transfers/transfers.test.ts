/**
 * Bank transfers by VietQR on the real app (both engines): checkout gives the payment page, the
 * bank's signed notifications are matched to orders — exact, replayed (once), raced, with extra
 * words in the note, under-paid then topped up, over-paid, late (completes when still sellable,
 * refund queue otherwise), without an order (the studio matches it by hand) — and bad signatures
 * or bodies are refused. The simulator's bank goes through the same webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { notifyCredits, transferOrder as placeOrder, type TestCredit } from '../../tests/helpers/transfers.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db, { role: 'admin' });
  admin = await signIn(t, user.phone!, user.password);
});
afterAll(async () => {
  await t.close();
});

const notify = (credits: TestCredit[], options: { signature?: string; raw?: string } = {}) =>
  notifyCredits(t, credits, options);
const transferOrder = (price?: number) => placeOrder(t, price);

const studio = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: admin.bearer,
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });

describe('checkout and an exact transfer', () => {
  it('sends the learner to the QR page; one credit completes the order; replays confirm nothing more', async () => {
    const order = await transferOrder();
    expect(order.paymentUrl).toMatch(new RegExp(`/thanh-toan/chuyen-khoan/${order.code}$`));
    expect(await order.status()).toMatchObject({ state: 'waiting', received: 0, missing: 350_000 });

    const credit = { id: `FT${order.code}`, amount: 350_000, description: order.code };
    const first = await notify([credit]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.results).toEqual([{ transaction_id: credit.id, state: 'matched', duplicate: false }]);
    expect((await order.details()).status).toBe('completed');
    expect(await order.status()).toMatchObject({ state: 'paid', missing: 0 });

    for (let replay = 0; replay < 3; replay += 1) {
      const again = await notify([credit]);
      expect(again.json().data.results[0]).toMatchObject({ state: 'matched', duplicate: true });
    }
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
    expect(await order.credits()).toHaveLength(1);
  });

  it('a race of two identical notifications records and confirms once', async () => {
    const order = await transferOrder();
    const credit = { id: `RACE${order.code}`, amount: 350_000, description: order.code };
    const answers = await Promise.all([notify([credit]), notify([credit])]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const duplicates = answers.map((answer) => answer.json().data.results[0].duplicate).sort();
    expect(duplicates).toEqual([false, true]);
    expect((await order.details()).status).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
    expect(await order.credits()).toEqual([expect.objectContaining({ state: 'matched', excess: 0 })]);
  });

  it('finds the order in a note with extra words, another case and spaces', async () => {
    const order = await transferOrder();
    const spaced = `${order.code.slice(0, 2)} ${order.code.slice(2, 10)} ${order.code.slice(10)}`.toLowerCase();
    const answer = await notify([
      { amount: 350_000, description: `MBVCB.3278614.${spaced}.CT tu 0912345678 Thanh toán khóa học` },
    ]);
    expect(answer.json().data.results[0].state).toBe('matched');
    expect((await order.details()).status).toBe('completed');
  });
});

describe('amounts that are not the order total', () => {
  it('an under-payment leaves the order pending with the missing amount; the rest completes it', async () => {
    const order = await transferOrder(500_000);
    await notify([{ amount: 200_000, description: order.code }]);
    expect((await order.details()).status).toBe('pending');
    expect(await order.status()).toMatchObject({ state: 'underpaid', received: 200_000, missing: 300_000 });
    expect(await order.enrolments()).toBe(0);

    await notify([{ amount: 300_000, description: `CK bo sung ${order.code}` }]);
    expect((await order.details()).status).toBe('completed');
    expect((await order.credits()).map((credit) => credit.state)).toEqual(['matched', 'matched']);
    expect(await order.enrolments()).toBe(1);
  });

  it('an over-payment completes the order and flags the excess for refund', async () => {
    const order = await transferOrder(350_000);
    const answer = await notify([{ amount: 400_000, description: order.code }]);
    expect(answer.json().data.results[0].state).toBe('overpaid');
    expect((await order.details()).status).toBe('completed');
    expect(await order.credits()).toEqual([expect.objectContaining({ state: 'overpaid', excess: 50_000 })]);
    // A second transfer for an order already paid is excess whole.
    await notify([{ amount: 350_000, description: order.code }]);
    expect((await order.credits()).map((credit) => [credit.state, credit.excess])).toEqual([
      ['overpaid', 50_000],
      ['overpaid', 350_000],
    ]);
    expect(await order.enrolments()).toBe(1);
    const listed = (await studio('GET', '/api/admin/transfers.json?limit=100')).json().data as { order_code: string }[];
    expect(listed.filter((credit) => credit.order_code === order.code)).toHaveLength(2);
  });
});

describe('late transfers (decision 0007)', () => {
  const expireNow = () => t.services.orders.expireOverdue(new Date(Date.now() + 24 * 3_600_000));

  it('completes an expired order whose course is still sold', async () => {
    const order = await transferOrder();
    await expireNow();
    expect((await order.details()).status).toBe('expired');
    expect((await order.status()).state).toBe('expired');
    await notify([{ amount: 350_000, description: order.code }]);
    expect((await order.details()).status).toBe('completed');
    expect(await order.enrolments()).toBe(1);
  });

  it('queues the refund when the course is no longer sold; the studio sees it', async () => {
    const order = await transferOrder();
    await expireNow();
    await t.db.updateTable('courses').set({ is_published: 0 }).where('id', '=', order.course.id).execute();
    const answer = await notify([{ amount: 350_000, description: order.code }]);
    expect(answer.json().data.results[0].state).toBe('refund_queued');
    expect((await order.details()).status).toBe('expired');
    expect(await order.enrolments()).toBe(0);
    expect(await order.notices('order_refund_pending')).toBe(1);
    expect((await order.status()).state).toBe('refund_pending');
    const refunds = await t.db
      .selectFrom('payment_refunds')
      .innerJoin('orders', 'orders.id', 'payment_refunds.order_id')
      .select(['payment_refunds.status', 'payment_refunds.result_code', 'payment_refunds.amount'])
      .where('orders.code', '=', order.code)
      .execute();
    expect(refunds).toEqual([{ status: 'refused', result_code: 'MANUAL', amount: 350_000 }]);
    const unaccounted = (await studio('GET', '/api/admin/payments/unaccounted.json?limit=100')).json().data as {
      order: { code: string };
    }[];
    expect(unaccounted.some((payment) => payment.order.code === order.code)).toBe(true);
  });
});

describe('credits without an order, and refused notifications', () => {
  it('lists an unmatched credit in the studio, where an admin matches it to the order', async () => {
    const order = await transferOrder();
    const answer = await notify([{ amount: 350_000, description: 'chuyen tien hoc phi cho con' }]);
    expect(answer.json().data.results[0].state).toBe('unmatched');
    const list = (await studio('GET', '/api/admin/transfers.json?limit=100')).json().data as {
      id: number;
      state: string;
      note: string;
    }[];
    const credit = list.find((item) => item.note === 'chuyen tien hoc phi cho con' && item.state === 'unmatched')!;
    expect(credit).toBeDefined();

    const wrong = await studio('POST', `/api/admin/transfers/${credit.id}/match.json`, {
      order_code: 'KT20200101AAAAAA',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.order_code).toBe('Không tìm thấy đơn hàng với mã này.');

    const matched = await studio('POST', `/api/admin/transfers/${credit.id}/match.json`, { order_code: order.code });
    expect(matched.statusCode).toBe(200);
    expect(matched.json().data).toMatchObject({ state: 'matched', order_code: order.code });
    expect((await order.details()).status).toBe('completed');
    const again = await studio('POST', `/api/admin/transfers/${credit.id}/match.json`, { order_code: order.code });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'transfer.match').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a learner on the studio list', async () => {
    const order = await transferOrder();
    const answer = await order.shopper.call('GET', '/api/admin/transfers.json');
    expect(answer.statusCode).toBe(403);
  });

  it('refuses a bad signature and a body that is not JSON, recording nothing', async () => {
    const order = await transferOrder();
    const bad = await notify([{ amount: 350_000, description: order.code }], { signature: 'ab'.repeat(32) });
    expect(bad.statusCode).toBe(401);
    const missing = await notify([{ amount: 350_000, description: order.code }], { signature: '' });
    expect(missing.statusCode).toBe(401);
    const raw = '{"transactions": [';
    const broken = await notify([], { raw });
    expect(broken.statusCode).toBe(400);
    const shapeless = await notify([], {
      raw: JSON.stringify({ transactions: [{ id: 'X', amount: -5, description: '' }] }),
    });
    expect(shapeless.statusCode).toBe(400);
    expect(await order.credits()).toEqual([]);
    expect((await order.details()).status).toBe('pending');
  });

  it("the simulator's bank transfers through the same signed webhook", async () => {
    const order = await transferOrder();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/__sim/pay/chuyen-khoan',
      headers: { accept: 'application/json' },
      payload: { code: order.code, amount: 100_000 },
      remoteAddress: nextClientAddress(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.results[0].state).toBe('underpaid');
    expect(await order.status()).toMatchObject({ state: 'underpaid', missing: 250_000 });
    const form = await t.app.inject({
      method: 'POST',
      url: '/__sim/pay/chuyen-khoan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${order.code}&amount=250000`,
      remoteAddress: nextClientAddress(),
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/thanh-toan/chuyen-khoan/${order.code}`);
    expect((await order.details()).status).toBe('completed');
  });
});
