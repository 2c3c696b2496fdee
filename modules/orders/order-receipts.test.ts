/**
 * The paid order's receipt on Zalo with SMS as its fallback (decision 0023), on both engines: sent
 * once per paid order whatever replays the payment notice, on Zalo when the number has it, by SMS
 * when it has not; nothing for a free order, and nothing at all without the `order_paid` template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { deliverIpn, paidWithoutNotice } from '../../tests/helpers/gateway-notices.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

const NO_ZALO = '84911112222';

let zalo: TestContext;
let plain: TestContext;

beforeAll(async () => {
  zalo = await createTestContext({
    env: { ZNS_TEMPLATE_ORDER_PAID: '555111:ma_don=order_code,so_tien=amount', ZNS_SIMULATOR_NO_ZALO: NO_ZALO },
  });
  plain = await createTestContext();
});
afterAll(async () => {
  await Promise.all([zalo?.close(), plain?.close()]);
});

const rowsTo = (t: TestContext, recipient: string) =>
  t.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

describe('order paid receipt', () => {
  it('goes on Zalo once, however often the payment notice is replayed', async () => {
    const order = await paidWithoutNotice(zalo, 'momo', { price: 249_000 });
    const phone = order.shopper.user.phone!;
    const notices = await Promise.all([1, 2, 3].map(() => deliverIpn(zalo, 'momo', order.fields)));
    for (const answer of notices) expect(answer.statusCode).toBeLessThan(300);
    expect((await order.details()).status).toBe('completed');
    await outboxDelivered(zalo.db, phone);
    const rows = await rowsTo(zalo, phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', state: 'sent', transport: 'zns', zns: null });
    // The SMS text it would fall back to: no marks (GSM-7), the order, its amount and where to study.
    expect(rows[0]!.body).toBe(
      `Khai Tri: Don hang ${order.code} (249.000d) da thanh toan thanh cong. Vao hoc tai ${zalo.env.PUBLIC_URL}/tai-khoan/khoa-hoc-cua-toi`,
    );
    // A late replay changes nothing either.
    await deliverIpn(zalo, 'momo', order.fields);
    await outboxDelivered(zalo.db, phone);
    expect(await rowsTo(zalo, phone)).toHaveLength(1);
  });

  it('falls back to SMS for a number without Zalo', async () => {
    const shopper = await createShopper(zalo, { phone: NO_ZALO });
    const order = await paidWithoutNotice(zalo, 'vnpay', { shopper });
    await deliverIpn(zalo, 'vnpay', order.fields);
    await outboxDelivered(zalo.db, NO_ZALO);
    const rows = await rowsTo(zalo, NO_ZALO);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', transport: 'outbox', zns: null });
    expect(rows[0]!.body).toContain(order.code);
  });

  it('sends nothing for a free order', async () => {
    const shopper = await createShopper(zalo);
    const course = await createPaidCourse(zalo.db, 180_000);
    const promotion = await createPromotion(zalo.db, { type: 'percentage', value: 100 });
    await shopper.addToCart(course.podId);
    const placed = await shopper.checkout('momo', promotion.code);
    expect(placed.json().data).toEqual({ order: expect.objectContaining({ status: 'completed', total: 0 }) });
    await outboxDelivered(zalo.db);
    expect(await rowsTo(zalo, shopper.user.phone!)).toHaveLength(0);
  });

  it('sends nothing without the order_paid template: the in-app notice stays the receipt', async () => {
    const order = await paidWithoutNotice(plain, 'onepay_domestic');
    await deliverIpn(plain, 'onepay_domestic', order.fields);
    expect((await order.details()).status).toBe('completed');
    expect(await order.notices('order_paid')).toBe(1);
    await outboxDelivered(plain.db);
    expect(await rowsTo(plain, order.shopper.user.phone!)).toHaveLength(0);
  });
});
