/** The raw gateway payloads of orders on the studio's order page, secrets masked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { MASK, maskSecrets } from './mask.ts';

let t: TestContext;
let editor: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db, { role: 'editor' });
  editor = await signIn(t, user.phone!, user.password);
});
afterAll(async () => {
  await t.close();
});

function call(session: typeof editor, method: string, url: string) {
  return t.app.inject({ method: method as 'GET', url, headers: session.bearer, remoteAddress: nextClientAddress() });
}

describe('raw gateway payloads', () => {
  it('stores the gateway’s raw query answer and shows it on the order page, secrets masked', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db, 150_000);
    await shopper.addToCart(course.podId);
    const placed = (await shopper.checkout('vnpay')).json().data as { order: { code: string }; payment_url: string };
    await decideOnSimulator(t, placed.payment_url, 'approve', { lostIpn: true });
    const report = await t.services.payments.reconcile(new Date(Date.now() + 10 * 60_000));
    expect(report.completed).toBeGreaterThanOrEqual(1);
    const order = (await call(editor, 'GET', `/api/admin/orders/${placed.order.code}.json`)).json().data;
    expect(order.status).toBe('completed');
    expect(order.queries).toHaveLength(1);
    expect(order.queries[0]).toMatchObject({ payment_id: order.payments[0].id, status: 'paid' });
    const raw = JSON.parse(order.queries[0].payload) as Record<string, unknown>;
    expect(raw.vnp_SecureHash).toBe(MASK);
    const stored = await t.db.selectFrom('payment_queries').select('payload').executeTakeFirstOrThrow();
    expect(stored.payload).not.toContain(MASK);
  });

  it('masks signatures, hashes and keys in JSON and query strings', () => {
    const json = maskSecrets(JSON.stringify({ orderId: 'KT1', signature: 'abc', nested: { accessKey: 'k' } }));
    expect(json).not.toContain('abc');
    expect(JSON.parse(json)).toMatchObject({ orderId: 'KT1', signature: MASK, nested: { accessKey: MASK } });
    const query = maskSecrets('vnp_Amount=100&vnp_SecureHash=deadbeef&vnp_TxnRef=KT1');
    expect(query).toBe(`vnp_Amount=100&vnp_SecureHash=${encodeURIComponent(MASK)}&vnp_TxnRef=KT1`);
    expect(maskSecrets('not a payload')).toBe('not a payload');
  });
});
