/**
 * The studio's commerce pages through the real app with the demo seed: who reaches them, the seeded
 * promotion, code batch and gateway query answer, forms that keep typed work on an error, revoking a
 * code and cancelling a subscription. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDIO_BATCH, DEMO_STUDIO_PROMOTION } from '../../db/seed/studio-commerce.ts';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;
let admin: string;

const get = (url: string, cookie = '') => getPage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
  admin = (await signIn(t, 'quantri@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('studio commerce pages', () => {
  it('shows an editor promotions and subscriptions read-only, and no code batches', async () => {
    const home = await get('/studio', editor);
    expect(home.body).toContain('href="/studio/khuyen-mai"');
    expect(home.body).toContain('href="/studio/goi-cuoc"');
    expect(home.body).not.toContain('href="/studio/ma-kich-hoat"');
    const list = await get('/studio/khuyen-mai?q=khai%20giang', editor);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(DEMO_STUDIO_PROMOTION);
    expect(list.body).not.toContain('href="/studio/khuyen-mai/moi"');
    const id = /href="\/studio\/khuyen-mai\/(\d+)"/.exec(list.body)![1];
    const detail = decodeHtml((await get(`/studio/khuyen-mai/${id}`, editor)).body);
    expect(detail).toContain('Chỉ quản trị viên sửa được ưu đãi.');
    expect(detail).toContain('<fieldset disabled=""');
    expect((await get('/studio/khuyen-mai/moi', editor)).statusCode).toBe(403);
    expect((await submitForm(t, `/studio/khuyen-mai/${id}`, { code: 'X' }, editor)).statusCode).toBe(403);
    expect((await get('/studio/ma-kich-hoat', editor)).statusCode).toBe(403);
    const subs = await get('/studio/goi-cuoc', editor);
    expect(subs.statusCode).toBe(200);
    const subId = /href="\/studio\/goi-cuoc\/(\d+)"/.exec(subs.body)![1];
    expect((await get(`/studio/goi-cuoc/${subId}`, editor)).body).not.toContain('name="reason"');
    expect((await get('/studio/goi-cuoc?status=nope', editor)).statusCode).toBe(400);
  });

  it('keeps the typed promotion on an error, then creates it', async () => {
    const fields = {
      code: 'thử trang',
      name: 'Ưu đãi từ trang studio',
      type: 'percentage',
      value: '0',
      starts_at: '2026-01-01T08:00',
      scope: 'all',
      is_active: 'on',
    };
    const bad = await submitForm(t, '/studio/khuyen-mai/moi', fields, admin);
    expect(bad.statusCode).toBe(400);
    const html = decodeHtml(bad.body);
    expect(html).toContain('Phần trăm giảm phải từ 1 đến 100.');
    expect(html).toContain('value="Ưu đãi từ trang studio"');
    const good = await submitForm(t, '/studio/khuyen-mai/moi', { ...fields, value: '25' }, admin);
    expect(good.statusCode).toBe(302);
    expect(good.headers.location).toMatch(/^\/studio\/khuyen-mai\/\d+\?da-luu=1$/);
    const page = decodeHtml((await get(String(good.headers.location), admin)).body);
    expect(page).toContain('Ưu đãi THUTRANG');
    expect(page).toContain('Đã tạo ưu đãi.');
  });

  it('shows the admin the seeded batch, refuses a batch without a course, and revokes a code', async () => {
    const list = await get('/studio/ma-kich-hoat', admin);
    expect(list.body).toContain(`href="/studio/ma-kich-hoat/${DEMO_STUDIO_BATCH}"`);
    const missing = await submitForm(t, '/studio/ma-kich-hoat', { target: '', count: '5', name: 'lo moi' }, admin);
    expect(missing.statusCode).toBe(400);
    expect(decodeHtml(missing.body)).toContain('Vui lòng chọn khóa học hoặc gói học.');
    expect(decodeHtml(missing.body)).toContain('value="lo moi"');
    const batch = decodeHtml((await get(`/studio/ma-kich-hoat/${DEMO_STUDIO_BATCH}`, admin)).body).replace(
      /<!-- -->/g,
      '',
    );
    expect(batch).toContain('5 mã · 4 mã dùng được');
    const code = /name="code" value="([A-Z0-9]{12})"/.exec(batch)![1]!;
    const revoked = await submitForm(t, `/studio/ma-kich-hoat/${DEMO_STUDIO_BATCH}`, { code, printed: code }, admin);
    expect(revoked.statusCode).toBe(200);
    expect(decodeHtml(revoked.body)).toContain(`Đã thu hồi mã ${code}.`);
    const row = await t.db
      .selectFrom('activation_codes')
      .select('is_active')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
  });

  it('shows the seeded gateway query answer on the order page with its secure hash masked', async () => {
    const order = await t.db
      .selectFrom('payment_queries')
      .innerJoin('payments', 'payments.id', 'payment_queries.payment_id')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('orders.code')
      .executeTakeFirstOrThrow();
    const page = decodeHtml((await get(`/studio/don-hang/${order.code}`, editor)).body);
    expect(page).toContain('Trả lời truy vấn của cổng thanh toán');
    expect(page).toContain('vnp_SecureHash');
    expect(page).not.toContain('demo-secure-hash-hidden-in-the-studio');
  });

  it('lets the admin cancel a subscription: an empty reason keeps the page, a reason cancels', async () => {
    const sub = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const empty = await submitForm(t, `/studio/goi-cuoc/${sub.id}`, { reason: ' ' }, admin);
    expect(empty.statusCode).toBe(400);
    expect(decodeHtml(empty.body)).toContain('Vui lòng nhập lý do hủy (3–500 ký tự).');
    const done = await submitForm(t, `/studio/goi-cuoc/${sub.id}`, { reason: 'Học viên gọi tổng đài' }, admin);
    expect(done.statusCode).toBe(200);
    expect(decodeHtml(done.body)).toContain('Đã hủy gói cước, ngừng gia hạn.');
    expect(decodeHtml(done.body)).toContain('Học viên gọi tổng đài');
  });
});
