/** The studio API: who may do what, orders and refunds through the simulator, lock, CSV, the audit log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let learner: Awaited<ReturnType<typeof signIn>>;
let editor: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let adminRoutes: { method: string; url: string }[];

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return signIn(t, user.phone!, user.password);
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
  // Every studio route the app registered, from its OpenAPI document (path parameters filled in).
  const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
    string,
    Record<string, unknown>
  >;
  adminRoutes = Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path
          .replace('{code}', 'KT20261122ABCDEF')
          .replace('{id}', '1')
          .replace('{request_id}', 'KT20261122ABCDEF01'),
      })),
    );
});
afterAll(async () => {
  await t.close();
});

function call(session: { bearer: Record<string, string> } | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
}

async function completedOrder() {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 300_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout('vnpay')).json().data as { order: { code: string }; payment_url: string };
  await decideOnSimulator(t, placed.payment_url, 'approve');
  return { code: placed.order.code, shopper, course };
}

describe('access', () => {
  it('finds the studio routes in the app', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(7);
    expect(adminRoutes).toContainEqual({ method: 'POST', url: '/api/admin/orders/KT20261122ABCDEF/refund.json' });
  });

  it('answers 401 to anonymous visitors and 403 to learners on every /api/admin/ route', async () => {
    for (const route of adminRoutes) {
      const anonymous = await call(null, route.method, route.url);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const forbidden = await call(learner, route.method, route.url);
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(forbidden.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
    }
  });

  it('lets an editor read orders and users but not refund, lock or read the audit log', async () => {
    const { code } = await completedOrder();
    expect((await call(editor, 'GET', '/api/admin/orders.json')).statusCode).toBe(200);
    expect((await call(editor, 'GET', `/api/admin/orders/${code}.json`)).statusCode).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/users.json')).statusCode).toBe(200);
    const refund = await call(editor, 'POST', `/api/admin/orders/${code}/refund.json`, { reason: 'Thử hoàn tiền' });
    expect(refund.statusCode).toBe(403);
    expect((await call(editor, 'POST', `/api/admin/users/${learner.userId}/lock.json`)).statusCode).toBe(403);
    expect((await call(editor, 'GET', '/api/admin/audit.json')).statusCode).toBe(403);
    expect((await call(editor, 'GET', `/api/admin/orders/${code}.json`)).json().data.status).toBe('completed');
  });
});

describe('orders', () => {
  it('searches by code, phone and e-mail, filters by status and method, and shows the raw notifications', async () => {
    const { code, shopper } = await completedOrder();
    const byCode = (await call(admin, 'GET', `/api/admin/orders.json?q=${code.toLowerCase()}`)).json();
    expect(byCode.data.map((o: { code: string }) => o.code)).toEqual([code]);
    const localPhone = `0${shopper.user.phone!.slice(2)}`;
    const byPhone = (await call(admin, 'GET', `/api/admin/orders.json?q=${localPhone}&status=completed`)).json();
    expect(byPhone.data.map((o: { code: string }) => o.code)).toEqual([code]);
    const none = (await call(admin, 'GET', `/api/admin/orders.json?q=${code}&method=momo`)).json();
    expect(none.meta.total).toBe(0);
    const detail = (await call(admin, 'GET', `/api/admin/orders/${code}.json`)).json().data;
    expect(detail.items).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ gateway: 'vnpay', status: 'succeeded' });
    expect(detail.notifications.length).toBeGreaterThan(0);
    expect(detail.notifications[0].payload).toContain('vnp_');
  });

  it('refunds through the simulator: the order is refunded, access ends and the audit log has the entry', async () => {
    const { code, shopper, course } = await completedOrder();
    expect(await t.services.enrolments.owns(shopper.user.id, course.id)).toBe(true);
    const done = await call(admin, 'POST', `/api/admin/orders/${code}/refund.json`, {
      reason: 'Học viên đổi ý trong 7 ngày',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ code, amount: 300_000, gateway: 'vnpay', enrolments_revoked: 1 });
    expect((await call(admin, 'GET', `/api/admin/orders/${code}.json`)).json().data.status).toBe('refunded');
    expect(await t.services.enrolments.owns(shopper.user.id, course.id)).toBe(false);

    const again = await call(admin, 'POST', `/api/admin/orders/${code}/refund.json`, { reason: 'Lần nữa' });
    expect(again.statusCode).toBe(409);

    const audit = (await call(admin, 'GET', `/api/admin/audit.json?target_type=order&target_id=${code}`)).json();
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(['order.refund_failed', 'order.refund']);
    expect(audit.data[1]).toMatchObject({ actor_id: admin.userId, target_type: 'order', target_id: code });
    expect(JSON.parse(audit.data[1].summary)).toMatchObject({ amount: 300_000 });
  });

  it('refuses a refund above the amount paid with a Vietnamese message', async () => {
    const { code } = await completedOrder();
    const refused = await call(admin, 'POST', `/api/admin/orders/${code}/refund.json`, {
      amount: 999_999,
      reason: 'Hoàn quá số tiền',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Số tiền hoàn phải từ 1đ đến 300.000đ.');
  });
});

describe('users', () => {
  it('locks: sessions end and sign-in is refused; unlock lets the user sign in again; both audited', async () => {
    const user = await createUser(t.db, { email: 'bi.khoa@example.vn' });
    const session = await signIn(t, user.email!, user.password);
    expect((await call(session, 'GET', '/api/user/details.json')).statusCode).toBe(200);

    const locked = await call(admin, 'POST', `/api/admin/users/${user.id}/lock.json`);
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ status: 'locked', sessions_revoked: 1 });
    expect((await call(session, 'GET', '/api/user/details.json')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login.json',
      payload: { username: user.email, password: user.password },
      remoteAddress: nextClientAddress(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe('Tài khoản đã bị khóa. Vui lòng liên hệ tổng đài hỗ trợ.');

    expect((await call(admin, 'POST', `/api/admin/users/${user.id}/unlock.json`)).json().data.status).toBe('active');
    await signIn(t, user.email!, user.password);

    const audit = (await call(admin, 'GET', `/api/admin/audit.json?target_type=user&target_id=${user.id}`)).json();
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(['user.unlock', 'user.lock']);
  });

  it('an admin cannot lock their own account', async () => {
    const self = await call(admin, 'POST', `/api/admin/users/${admin.userId}/lock.json`);
    expect(self.statusCode).toBe(422);
  });

  it('lists users by folded search and role, with enrolments in the detail', async () => {
    const user = await createUser(t.db, { full_name: 'Dang Thi Tim Kiem', email: 'TimKiem@Example.vn' });
    const found = (await call(editor, 'GET', '/api/admin/users.json?q=timkiem@example&role=learner')).json();
    expect(found.data.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const named = await createUser(t.db, { full_name: 'Trương Thị Tìm Tên' });
    const byName = (await call(editor, 'GET', `/api/admin/users.json?q=${encodeURIComponent('Tìm tên')}`)).json();
    expect(byName.data.map((u: { id: number }) => u.id)).toEqual([named.id]);
    const staffOnly = (await call(editor, 'GET', '/api/admin/users.json?role=admin')).json();
    expect(staffOnly.data.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const detail = (await call(editor, 'GET', `/api/admin/users/${user.id}.json`)).json().data;
    expect(detail).toMatchObject({ id: user.id, enrolments: [], orders: [] });
  });
});

describe('CSV export', () => {
  it('escapes cells a spreadsheet would run as formulas', async () => {
    const hostile = await createUser(t.db, {
      full_name: '=HYPERLINK("http://evil.example","bấm")',
      email: '@x.example',
    });
    for (const name of ['+1+1', '-2-2', '@SUM(A1)']) await createUser(t.db, { full_name: name });
    const csv = await call(admin, 'GET', `/api/admin/users.json?format=csv&limit=100`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const body = csv.body;
    expect(body).toContain(`${hostile.id},"'=HYPERLINK(""http://evil.example"",""bấm"")",`);
    expect(body).toContain("'@x.example");
    expect(body).toContain("'+1+1");
    expect(body).toContain("'-2-2");
    expect(body).toContain("'@SUM(A1)");
    expect(body).not.toMatch(/(^|,)[=+\-@]/m);

    const orders = await call(editor, 'GET', '/api/admin/orders.json?format=csv');
    expect(orders.body.split('\r\n')[0]).toBe(
      '\uFEFFcode,status,payment_method,total,created_at,buyer_name,buyer_phone,buyer_email',
    );
  });
});
