/**
 * Web Push end to end against a real local push endpoint: the subscription is stored, a new
 * notification is pushed (VAPID checked, payload decrypted), 404/410 subscriptions are removed,
 * a failing push service never fails the notification, and a learner only manages their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { startPushEndpoint } from '../../tests/helpers/push-endpoint.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;

beforeAll(async () => {
  t = await createTestContext();
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

async function learner() {
  const user = await createUser(t.db, { role: 'learner' });
  return signIn(t, user.phone!, user.password);
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url, headers, remoteAddress: nextClientAddress(), ...(payload ? { payload } : {}) });
}

async function subscriptionsOf(userId: number) {
  return t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

describe('subscribing', () => {
  it('gives the VAPID public key to anyone', async () => {
    const response = await call('GET', '/api/user/push_subscription/public_key.json', {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data.public_key).toBe(t.services.push.publicKey());
    expect(response.json().data.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('refuses anonymous subscriptions and stores a learner’s, once per endpoint', async () => {
    const subscription = pushService.newSubscription();
    expect((await call('POST', '/api/user/push_subscription.json', {}, subscription)).statusCode).toBe(401);
    const me = await learner();
    const first = await call('POST', '/api/user/push_subscription.json', me.bearer, subscription);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/user/push_subscription.json', me.bearer, subscription);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await subscriptionsOf(me.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh });
    const status = await call('GET', '/api/user/push_subscription.json', me.bearer);
    expect(status.json().data.subscriptions).toBe(1);
  });

  it('refuses endpoints that are not http(s) URLs and malformed keys, in Vietnamese', async () => {
    const me = await learner();
    const good = pushService.newSubscription();
    for (const endpoint of [
      'javascript:alert(1)',
      'ftp://example.com/push/1',
      'http://push.example.com/1',
      'không phải địa chỉ',
      '<script>',
    ]) {
      const response = await call('POST', '/api/user/push_subscription.json', me.bearer, { ...good, endpoint });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.message).toMatch(
        /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i,
      );
    }
    const badKeys = await call('POST', '/api/user/push_subscription.json', me.bearer, {
      endpoint: good.endpoint,
      keys: { p256dh: '!!!', auth: '' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });

  it('unsubscribes only the learner’s own endpoint', async () => {
    const [owner, other] = [await learner(), await learner()];
    const subscription = pushService.newSubscription();
    await call('POST', '/api/user/push_subscription.json', owner.bearer, subscription);
    const foreign = await call('DELETE', '/api/user/push_subscription.json', other.bearer, {
      endpoint: subscription.endpoint,
    });
    expect(foreign.json().data.deleted).toBe(0);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(1);
    const own = await call('DELETE', '/api/user/push_subscription.json', owner.bearer, {
      endpoint: subscription.endpoint,
    });
    expect(own.json().data.deleted).toBe(1);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(0);
  });
});

describe('pushing notifications', () => {
  it('pushes a new notification to the learner’s browser: VAPID-signed, encrypted, with its page', async () => {
    const me = await learner();
    const subscription = pushService.newSubscription();
    await call('POST', '/api/user/push_subscription.json', me.bearer, subscription);
    const bystander = await learner();
    const id = await t.services.notifications.notify(me.userId, {
      kind: 'order_paid',
      title: 'Thanh toán thành công',
      body: 'Đơn hàng KT20261122ABCDEF đã được thanh toán.',
    });
    await t.services.notifications.notify(bystander.userId, { kind: 'x', title: 'Không đẩy', body: '—' });
    await t.services.push.idle();

    expect(pushService.failures).toEqual([]);
    const mine = pushService.received.filter((push) => push.path === new URL(subscription.endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toEqual({
      title: 'Thanh toán thành công',
      body: 'Đơn hàng KT20261122ABCDEF đã được thanh toán.',
      url: `/tai-khoan/thong-bao/${id}`,
      tag: `thong-bao-${id}`,
    });
    expect(mine[0]!.vapid).toEqual({
      publicKey: t.services.push.publicKey(),
      audience: pushService.origin,
      subject: t.env.VAPID_SUBJECT,
    });
    expect(pushService.received.some((push) => (push.payload as { title: string }).title === 'Không đẩy')).toBe(false);
    const [row] = await subscriptionsOf(me.userId);
    expect(row!.last_sent_at).not.toBeNull();
  });

  it('pushes broadcasts (notifyMany) with the notification’s own link', async () => {
    const [a, b] = [await learner(), await learner()];
    const [subA, subB] = [pushService.newSubscription(), pushService.newSubscription()];
    await call('POST', '/api/user/push_subscription.json', a.bearer, subA);
    await call('POST', '/api/user/push_subscription.json', b.bearer, subB);
    await t.services.notifications.notifyMany([a.userId, b.userId], {
      kind: 'broadcast',
      title: 'Ưu đãi tháng 12',
      body: 'Giảm 30% mọi khóa học.',
      link: '/tai-khoan/uu-dai',
    });
    await t.services.push.idle();
    for (const subscription of [subA, subB]) {
      const got = pushService.received.filter((push) => push.path === new URL(subscription.endpoint).pathname);
      expect(got.map((push) => push.payload)).toEqual([
        { title: 'Ưu đãi tháng 12', body: 'Giảm 30% mọi khóa học.', url: '/tai-khoan/uu-dai', tag: 'broadcast' },
      ]);
    }
  });

  it('deletes subscriptions the push service says are gone (410, 404), keeps the notification', async () => {
    const me = await learner();
    const [gone, unknown, alive] = [
      pushService.newSubscription(),
      pushService.newSubscription(),
      pushService.newSubscription(),
    ];
    for (const subscription of [gone, unknown, alive])
      await call('POST', '/api/user/push_subscription.json', me.bearer, subscription);
    pushService.answer(gone, 410);
    pushService.answer(unknown, 404);
    const id = await t.services.notifications.notify(me.userId, { kind: 'x', title: 'Xin chào', body: 'Nội dung' });
    await t.services.push.idle();
    expect((await subscriptionsOf(me.userId)).map((row) => row.endpoint)).toEqual([alive.endpoint]);
    const list = await t.services.notifications.list(me.userId, 1, 10);
    expect(list.items.map((item) => item.id)).toContain(id);
  });

  it('never fails the notification when the push service errors or cannot be reached', async () => {
    const me = await learner();
    const failing = pushService.newSubscription();
    await call('POST', '/api/user/push_subscription.json', me.bearer, failing);
    await call('POST', '/api/user/push_subscription.json', me.bearer, {
      ...pushService.newSubscription(),
      endpoint: 'https://127.0.0.1:1/push/nobody-listens',
    });
    pushService.answer(failing, 500);
    await expect(
      t.services.notifications.notify(me.userId, { kind: 'x', title: 'Vẫn lưu', body: 'Dù đẩy lỗi' }),
    ).resolves.toBeGreaterThan(0);
    await t.services.push.idle();
    // A temporary failure keeps the subscription.
    expect(await subscriptionsOf(me.userId)).toHaveLength(2);
  });
});
