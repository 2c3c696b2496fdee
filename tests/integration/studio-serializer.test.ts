/** The studio API sends the same JSON from the fast serializer of demo and production as from the checked one. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { nextClientAddress, signIn } from '../helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../helpers/commerce.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

it('sends the same order, user and audit JSON from both serializers', async () => {
  const admin = await createUser(t.db, { role: 'admin' });
  const session = await signIn(t, admin.phone!, admin.password);
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 120_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout('onepay_domestic')).json().data as {
    order: { code: string };
    payment_url: string;
  };
  await decideOnSimulator(t, placed.payment_url, 'approve');
  // An audit entry to list.
  const lock = `/api/admin/users/${shopper.user.id}/lock.json`;
  await t.app.inject({
    method: 'POST',
    url: lock,
    headers: session.bearer,
    payload: {},
    remoteAddress: nextClientAddress(),
  });
  const fast = await createApp({ env: { ...t.env, APP_ENV: 'demo' }, db: t.db, services: t.services });
  try {
    for (const url of [
      '/api/admin/orders.json',
      `/api/admin/orders/${placed.order.code}.json`,
      '/api/admin/users.json',
      `/api/admin/users/${shopper.user.id}.json`,
      '/api/admin/audit.json',
    ]) {
      const request = { method: 'GET' as const, url, headers: session.bearer };
      const checked = await t.app.inject({ ...request, remoteAddress: nextClientAddress() });
      const quick = await fast.inject({ ...request, remoteAddress: nextClientAddress() });
      expect(checked.statusCode, url).toBe(200);
      expect(JSON.parse(quick.body), url).toEqual(JSON.parse(checked.body));
    }
  } finally {
    await fast.close();
  }
});
