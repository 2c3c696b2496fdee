/**
 * The affiliate pages through the real app with the demo seed: the referral visit on a real page,
 * the account page (join, seeded figures and commissions), the studio list, detail, approve and
 * payout forms (errors keep what was typed), and who may open them. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../factories/accounts.ts';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createShopper } from '../helpers/commerce.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let admin: string;
let editor: string;
let classmate: string;

const get = (url: string, cookie = '') => getPage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  admin = (await signIn(t, 'quantri@khaitri.vn', DEMO_PASSWORD)).cookie.cookie;
  editor = (await signIn(t, 'bientap@khaitri.vn', DEMO_PASSWORD)).cookie.cookie;
  classmate = (await signIn(t, '0987654321', DEMO_PASSWORD)).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('affiliate pages', () => {
  it('sets the referral cookie on a real page visit through a link', async () => {
    const visit = await t.app.inject({
      method: 'GET',
      url: '/?ref=KHOA2026',
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
    });
    expect(visit.statusCode).toBe(200);
    expect([visit.headers['set-cookie'] ?? []].flat().join('\n')).toMatch(
      /kt_ref=[\w.-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/,
    );
  });

  it('shows the seeded affiliate their code, figures, chart and commissions', async () => {
    const page = decodeHtml((await get('/tai-khoan/cong-tac-vien', classmate)).body);
    expect(page).toContain('KHOA2026');
    expect(page).toContain('Lượt nhấp 30 ngày qua');
    expect(page).toContain('<table class="sr-only"><caption>Hoa hồng 30 ngày qua</caption>');
    for (const label of ['Chờ duyệt', 'Đã duyệt', 'Đã chi trả', 'Đã hủy (hoàn tiền)']) expect(page).toContain(label);
    expect(page).toContain('?ref=KHOA2026');
    expect(page).toContain('href="/tai-khoan/cong-tac-vien"');
  });

  it('lets a learner join from the account page', async () => {
    const shopper = await createShopper(t);
    const cookie = (await signIn(t, shopper.user.phone!, shopper.user.password)).cookie.cookie;
    const before = decodeHtml((await get('/tai-khoan/cong-tac-vien', cookie)).body);
    expect(before).toContain('Tham gia chương trình');
    const joined = await submitForm(t, '/tai-khoan/cong-tac-vien', {}, cookie);
    expect(joined.statusCode).toBe(200);
    expect(decodeHtml(joined.body)).toContain('Bạn đã tham gia chương trình cộng tác viên.');
    expect(decodeHtml((await get('/tai-khoan/cong-tac-vien', cookie)).body)).toContain(
      'Chưa có đơn hàng nào qua liên kết của bạn.',
    );
  });

  it('shows admins the studio list and detail; editors get the 403 screen', async () => {
    expect((await get('/studio/cong-tac-vien', editor)).statusCode).toBe(403);
    expect((await get('/studio', editor)).body).not.toContain('href="/studio/cong-tac-vien"');
    const list = decodeHtml((await get('/studio/cong-tac-vien?q=tran minh khoa', admin)).body);
    expect(list).toContain('Trần Minh Khoa');
    expect(list).toContain('/api/admin/affiliates.json?q=tran+minh+khoa&amp;format=csv'.replace('&amp;', '&'));
    const id = /href="\/studio\/cong-tac-vien\/(\d+)"/.exec(list)?.[1];
    const detail = decodeHtml((await get(`/studio/cong-tac-vien/${id}`, admin)).body);
    expect(detail).toContain('KHOA2026');
    expect(detail).toContain('CK-DEMO-0001');
    expect((await get('/studio/cong-tac-vien?q=khong-co-ai', admin)).body).toContain(
      'Không có cộng tác viên nào khớp bộ lọc.',
    );
    expect((await get('/studio/cong-tac-vien/999999', admin)).statusCode).toBe(404);
  });

  it('approves and pays out from the detail page; a payout error keeps what was typed', async () => {
    const affiliate = await t.db
      .selectFrom('affiliates')
      .select('id')
      .where('code', '=', 'KHOA2026')
      .executeTakeFirstOrThrow();
    const url = `/studio/cong-tac-vien/${affiliate.id}`;
    const pending = await t.db
      .selectFrom('affiliate_commissions')
      .select('id')
      .where('affiliate_id', '=', affiliate.id)
      .where('status', '=', 'pending')
      .execute();
    const bad = await submitForm(t, url, { intent: 'payout', reference: 'x', note: 'Ghi chú đã gõ' }, admin);
    expect(bad.statusCode).toBe(400);
    const badPage = decodeHtml(bad.body);
    expect(badPage).toContain('Vui lòng nhập mã giao dịch chi trả (3–100 ký tự).');
    expect(badPage).toContain('value="Ghi chú đã gõ"');
    const approved = await submitForm(t, url, { intent: 'approve', ids: String(pending[0]!.id) }, admin);
    expect(decodeHtml(approved.body)).toContain('Đã duyệt 1 hoa hồng.');
    const paid = await submitForm(t, url, { intent: 'payout', reference: 'CK-TEST-02' }, admin);
    expect(decodeHtml(paid.body)).toContain('Đã ghi nhận chi trả');
    const rates = await get('/studio/cong-tac-vien/ty-le', admin);
    expect(rates.statusCode).toBe(200);
    expect(decodeHtml(rates.body)).toContain('Tỷ lệ hoa hồng theo khóa học');
    const course = /name="course_id" value="(\d+)"/.exec(rates.body)![1]!;
    const wrong = await submitForm(t, '/studio/cong-tac-vien/ty-le', { course_id: course, rate: '150' }, admin);
    expect(wrong.statusCode).toBe(400);
    expect(decodeHtml(wrong.body)).toContain('Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.');
    expect(wrong.body).toContain('value="150"');
    const saved = await submitForm(t, '/studio/cong-tac-vien/ty-le', { course_id: course, rate: '15' }, admin);
    expect(decodeHtml(saved.body)).toContain('Đã lưu tỷ lệ hoa hồng.');
  });
});
