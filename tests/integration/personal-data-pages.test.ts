/**
 * The personal-data pages through the real app with the demo seed, as a browser without JavaScript
 * uses them: the account page's states (seeded consent history, empty requests), its forms with
 * Vietnamese errors (deletion unconfirmed, a parent's phone that is not one, a child's consent
 * before the parent's), the export and deletion answers; the studio page (seeded requests and
 * breaches, recording one with its errors) and who may open it. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../factories/accounts.ts';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createShopper } from '../helpers/commerce.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let admin: string;
let editor: string;
let demoLearner: string;

const get = (url: string, cookie = '') => getPage(t, url, cookie);
const PAGE = '/tai-khoan/du-lieu-ca-nhan';
const STUDIO = '/studio/du-lieu-ca-nhan';

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  admin = (await signIn(t, 'quantri@khaitri.vn', DEMO_PASSWORD)).cookie.cookie;
  editor = (await signIn(t, 'bientap@khaitri.vn', DEMO_PASSWORD)).cookie.cookie;
  demoLearner = (await signIn(t, 'hocvien@khaitri.vn', DEMO_PASSWORD)).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('the account page', () => {
  it('shows the seeded consents and history, the export and the deletion with the retention rule', async () => {
    const response = await get(PAGE, demoLearner);
    expect(response.statusCode).toBe(200);
    const page = decodeHtml(response.body).replace(/<!-- -->/g, '');
    for (const text of [
      'Dữ liệu cá nhân',
      'Phân tích hành vi học tập',
      'Lịch sử đồng ý (4)',
      'Rút lại «Tiếp thị»',
      'Tải dữ liệu của tôi',
      'Luật Kế toán',
      'Yêu cầu xóa tài khoản',
      'href="/tai-khoan/du-lieu-ca-nhan"',
    ])
      expect(page).toContain(text);
    const signedOut = await get(PAGE);
    expect(signedOut.statusCode).toBe(302);
  });

  it('answers its forms in Vietnamese and records what they ask', async () => {
    const shopper = await createShopper(t, { birthday: `${new Date().getUTCFullYear() - 14}-01-10` });
    const cookie = (await signIn(t, shopper.user.phone!, shopper.user.password)).cookie.cookie;
    const child = decodeHtml((await get(PAGE, cookie)).body);
    expect(child).toContain('Đồng ý của cha mẹ');
    const early = await submitForm(t, PAGE, { intent: 'consent', purpose: 'analytics', granted: 'true' }, cookie);
    expect(early.statusCode).toBe(422);
    expect(decodeHtml(early.body)).toContain('cha mẹ hoặc người giám hộ cần xác nhận');
    const badPhone = await submitForm(t, PAGE, { intent: 'parent-code', parent_phone: 'không phải số' }, cookie);
    expect(badPhone.statusCode).toBe(400);
    expect(decodeHtml(badPhone.body)).toContain('Nhập số điện thoại di động Việt Nam');

    const unconfirmed = await submitForm(t, PAGE, { intent: 'delete' }, cookie);
    expect(unconfirmed.statusCode).toBe(400);
    expect(decodeHtml(unconfirmed.body)).toContain('Vui lòng đánh dấu xác nhận.');
    const deletion = await submitForm(t, PAGE, { intent: 'delete', confirm: 'on' }, cookie);
    expect(deletion.statusCode).toBe(200);
    expect(decodeHtml(deletion.body)).toContain('Đã nhận yêu cầu xóa tài khoản.');
    expect(decodeHtml((await get(PAGE, cookie)).body)).toContain('Hủy yêu cầu xóa');
    const cancelled = await submitForm(t, PAGE, { intent: 'cancel-delete' }, cookie);
    expect(decodeHtml(cancelled.body)).toContain('Đã hủy yêu cầu xóa tài khoản.');
    const exported = await submitForm(t, PAGE, { intent: 'export' }, cookie);
    expect(decodeHtml(exported.body)).toContain('Tệp dữ liệu đang được tạo');
    const unknown = await submitForm(t, PAGE, { intent: 'xoa-het' }, cookie);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the studio page', () => {
  it('lists the seeded requests and breaches; admins record a breach, editors only read', async () => {
    const page = decodeHtml((await get(STUDIO, editor)).body);
    for (const text of [
      'Dữ liệu cá nhân',
      'Lỗi, sẽ thử lại',
      'Đang trong thời gian chờ',
      'Nhật ký máy chủ ghi số điện thoại đầy đủ',
    ])
      expect(page).toContain(text);
    expect(page).not.toContain('Ghi nhận sự cố');
    const adminPage = decodeHtml((await get(STUDIO, admin)).body);
    expect(adminPage).toContain('Ghi nhận sự cố');
    expect(adminPage).toContain('Thực hiện ngay');

    const empty = await submitForm(
      t,
      STUDIO,
      { intent: 'breach', title: '', description: '', detected_at: '', affected_count: '' },
      admin,
    );
    expect(empty.statusCode).toBe(400);
    const errors = decodeHtml(empty.body);
    for (const text of ['Vui lòng nhập tiêu đề sự cố.', 'Vui lòng mô tả sự cố.', 'Vui lòng nhập thời điểm phát hiện.'])
      expect(errors).toContain(text);
    const recorded = await submitForm(
      t,
      STUDIO,
      {
        intent: 'breach',
        title: 'Tài khoản quản trị đăng nhập từ địa chỉ lạ',
        description: 'Phát hiện đăng nhập trái phép vào kho lưu trữ tệp xuất dữ liệu.',
        detected_at: '2026-11-25T08:00',
        affected_count: '12',
      },
      admin,
    );
    expect(recorded.statusCode).toBe(200);
    expect(decodeHtml(recorded.body)).toContain('Hạn thông báo cơ quan chuyên trách: 28/11/2026 08:00');
    const refused = await submitForm(t, STUDIO, { intent: 'breach', title: 'x' }, editor);
    expect(refused.statusCode).toBe(403);
    const learnerView = await get(STUDIO, demoLearner);
    expect(learnerView.statusCode).toBe(403);
  });
});
