/** The studio's activation-code batches (activation.admin*.ts): roles, generation, CSV, redemptions, revoking. */
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

describe('roles', () => {
  it('answers 401 signed out and 403 to a learner on every activation-batch route', async () => {
    await expectStaffOnly(call, learner, [
      ['GET', '/api/admin/activation-batches.json'],
      ['POST', '/api/admin/activation-batches.json'],
      ['GET', '/api/admin/activation-batches/demo.json'],
      ['POST', '/api/admin/activation-batches/demo/revoke.json'],
      ['POST', '/api/admin/activation-codes/KTTHU2345678/revoke.json'],
    ]);
  });

  it('shows an editor nothing about codes', async () => {
    expect((await call(editor, 'GET', '/api/admin/activation-batches.json')).statusCode).toBe(403);
    const body = { target: 'course:1', count: 1 };
    expect((await call(editor, 'POST', '/api/admin/activation-batches.json', body)).statusCode).toBe(403);
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
