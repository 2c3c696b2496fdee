import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { SAME_ORIGIN, nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { CART_MESSAGES, MAX_CART_LINES } from './cart.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('cart.json', () => {
  it('adds, lists with server prices, switches package, refuses duplicates and removes', async () => {
    const shopper = await createShopper(t);
    const course = await createCourse(
      t.db,
      { type: 'no_retail', price_new: null },
      {
        pods: [
          { cycle: 3, price: 99_000 },
          { cycle: 4, price: 899_000 },
        ],
      },
    );
    const pods = await t.db
      .selectFrom('course_pods')
      .select(['id', 'cycle'])
      .where('course_id', '=', course.id)
      .orderBy('id')
      .execute();
    const added = await shopper.addToCart(pods[0]!.id);
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({
      subtotal: 99_000,
      total: 99_000,
      items: [{ pod_id: pods[0]!.id, package_label: 'Gói tháng' }],
    });

    const again = await shopper.addToCart(pods[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CART_MESSAGES.duplicate);

    const switched = await shopper.addToCart(pods[1]!.id);
    expect(switched.json().data.items).toHaveLength(1);
    expect(switched.json().data.total).toBe(899_000);

    await t.db.updateTable('course_pods').set({ price: 799_000 }).where('id', '=', pods[1]!.id).execute();
    expect((await shopper.call('GET', '/api/user/cart.json')).json().data.total).toBe(799_000);

    const removed = await shopper.call('DELETE', '/api/user/cart.json', { pod_id: pods[1]!.id });
    expect(removed.json().data).toEqual({ items: [], subtotal: 0, total: 0 });
    expect((await shopper.call('DELETE', '/api/user/cart.json', { pod_id: pods[1]!.id })).statusCode).toBe(404);
  });

  it('refuses owned courses, free packages, unknown packages and a 21st line', async () => {
    const shopper = await createShopper(t);
    const owned = await createPaidCourse(t.db);
    await t.db
      .insertInto('enrolments')
      .values({
        user_id: shopper.user.id,
        course_id: owned.id,
        source: 'free',
        starts_at: new Date(0).toISOString(),
        ends_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const ownedAnswer = await shopper.addToCart(owned.podId);
    expect(ownedAnswer.statusCode).toBe(409);
    expect(ownedAnswer.json().error.message).toBe(CART_MESSAGES.owned);

    const free = await createPaidCourse(t.db, 0);
    expect((await shopper.addToCart(free.podId)).json().error.message).toBe(CART_MESSAGES.free);
    expect((await shopper.addToCart(999_999)).statusCode).toBe(404);

    for (let index = 0; index < MAX_CART_LINES; index += 1) {
      const course = await createPaidCourse(t.db, 100_000 + index);
      expect((await shopper.addToCart(course.podId)).statusCode).toBe(200);
    }
    const extra = await createPaidCourse(t.db);
    const full = await shopper.addToCart(extra.podId);
    expect(full.statusCode).toBe(422);
    expect(full.json().error.message).toBe(CART_MESSAGES.full);
  });

  it('keeps an anonymous cart in a cookie and merges it at sign-in', async () => {
    const course = await createPaidCourse(t.db, 250_000);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/cart.json',
      payload: { pod_id: course.podId },
    });
    expect(anonymous.statusCode).toBe(200);
    // A write also gives the browser its device cookie (server/http/device.ts): take the cart's.
    const cookie = [anonymous.headers['set-cookie'] ?? []]
      .flat()
      .find((value) => value.startsWith('kt_cart='))!
      .split(';')[0]!;
    expect(cookie).toMatch(/^kt_cart=/);
    const read = await t.app.inject({ method: 'GET', url: '/api/user/cart.json', headers: { cookie } });
    expect(read.json().data.total).toBe(250_000);

    const user = await createUser(t.db);
    const session = await signIn(t, user.phone!, user.password);
    const merged = await t.app.inject({
      method: 'GET',
      url: '/api/user/cart.json',
      headers: { cookie: `${session.cookie.cookie}; ${cookie}`, ...SAME_ORIGIN },
      remoteAddress: nextClientAddress(),
    });
    expect(merged.json().data.items.map((item: { pod_id: number }) => item.pod_id)).toEqual([course.podId]);
    expect(String(merged.headers['set-cookie'])).toContain('kt_cart=;');
    const stale = await t.app.inject({ method: 'GET', url: '/api/user/cart.json', headers: { cookie } });
    expect(stale.json().data.items).toEqual([]);
  });
});
