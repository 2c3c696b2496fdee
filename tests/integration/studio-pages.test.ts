/**
 * The studio pages through the real app with the demo seed: who reaches them, the order list and
 * detail, the refund form (errors keep what was typed), lock from the user page. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { signIn, submitForm, getPage, decodeHtml } from '../helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../helpers/commerce.ts';
import { paidWithoutNotice } from '../helpers/gateway-notices.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;
let admin: string;

const get = (url: string, cookie = '') => getPage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  // The demo editor and admin of PRODUCT.md "Demo accounts".
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
  admin = (await signIn(t, 'quantri@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

async function completedOrder() {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 250_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout('momo')).json().data as { order: { code: string }; payment_url: string };
  await decideOnSimulator(t, placed.payment_url, 'approve');
  return placed.order.code;
}

describe('studio pages', () => {
  it('sends anonymous visitors to sign in and shows learners the 403 screen', async () => {
    const anonymous = await get('/studio/don-hang');
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/dang-nhap?redirect=%2Fstudio%2Fdon-hang');
    const learner = (await signIn(t, 'hocvien@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
    expect((await get('/', learner)).body).not.toContain('href="/studio"');
    expect((await get('/', admin)).body).toContain('href="/studio"');
    const forbidden = await get('/studio', learner);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toContain('Bạn không có quyền truy cập trang này.');
  });

  it('shows an editor the dashboard: totals, charts with their numbers as a table, the period switch, an empty window', async () => {
    const home = decodeHtml((await get('/studio?period=week', editor)).body);
    expect(home).toContain('Tỉ lệ thanh toán thất bại');
    expect(home).toMatch(/<title id="[^"]+">Doanh thu: /);
    expect(home).toContain('<table class="sr-only"><caption>Học viên mới</caption>');
    expect(home).toMatch(/aria-current="page"[^>]*>Tuần</);
    const empty = decodeHtml((await get('/studio?from=2020-01-01&to=2020-01-31', editor)).body);
    expect(empty).toContain('Chưa có đơn hàng, học viên hay lượt ghi danh nào trong khoảng thời gian này.');
    const bad = await get('/studio?period=year', editor);
    expect(bad.statusCode).toBe(400);
    expect(decodeHtml(bad.body)).toContain('Chu kỳ không hợp lệ.');
  });

  it('shows an editor the orders (with the seeded refunded order) but neither the refund form nor the audit log', async () => {
    const home = await get('/studio', editor);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('href="/studio/don-hang"');
    expect(home.body).not.toContain('href="/studio/nhat-ky"');
    const list = await get('/studio/don-hang?status=refunded', editor);
    expect(list.statusCode).toBe(200);
    expect(decodeHtml(list.body)).toContain('Nguyễn Thị Hồng Nhung');
    const code = /href="\/studio\/don-hang\/(KT\w+)"/.exec(list.body)?.[1];
    const detail = await get(`/studio/don-hang/${code}`, editor);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('Đã hoàn tiền');
    expect(detail.body).not.toContain('name="reason"');
    expect((await get('/studio/nhat-ky', editor)).statusCode).toBe(403);
    const empty = await get('/studio/don-hang?q=khong-co-don-nao', editor);
    expect(empty.body).toContain('Không có đơn hàng nào khớp bộ lọc.');
    const missing = await get('/studio/don-hang/KT20200101AAAAAA', editor);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Không tìm thấy đơn hàng.');
  });

  it('shows the admin the seeded audit entry of the demo refund', async () => {
    const audit = await get('/studio/nhat-ky?action=order.refund', admin);
    expect(audit.statusCode).toBe(200);
    expect(decodeHtml(audit.body)).toContain('Quản trị viên Khai Trí');
    expect(decodeHtml(audit.body)).toContain('Học viên đăng ký nhầm khóa học');
  });

  it('lets the admin refund from the order page: unconfirmed keeps the typed input, confirmed refunds', async () => {
    const code = await completedOrder();
    const page = await get(`/studio/don-hang/${code}`, admin);
    expect(page.body).toContain('name="reason"');
    const unconfirmed = await submitForm(
      t,
      `/studio/don-hang/${code}`,
      { amount: '100000', reason: 'Khách đổi ý' },
      admin,
    );
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Vui lòng đánh dấu xác nhận trước khi hoàn tiền.');
    expect(unconfirmed.body).toContain('value="100000"');
    expect(unconfirmed.body).toContain('Khách đổi ý');
    const tooMuch = await submitForm(
      t,
      `/studio/don-hang/${code}`,
      { amount: '900000', reason: 'Khách đổi ý', confirm: 'on' },
      admin,
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Số tiền hoàn phải từ 1đ đến 250.000đ.');
    const done = await submitForm(
      t,
      `/studio/don-hang/${code}`,
      { amount: '', reason: 'Khách đổi ý', confirm: 'on' },
      admin,
    );
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Đã hoàn 250.000đ qua MoMo');
    const after = await get(`/studio/don-hang/${code}`, admin);
    expect(after.body).toContain('Đã hoàn tiền');
    const audit = await get(`/studio/nhat-ky?target_type=order&target_id=${code}`, admin);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('Hoàn tiền');
  });

  it('lists a payment that succeeded on a cancelled order under "Cần xử lý", and refunds it from the order page', async () => {
    const order = await paidWithoutNotice(t, 'momo');
    await order.cancel();
    // As before the late-payment rule: the attempt succeeded, the order stayed cancelled.
    await t.db
      .updateTable('payments')
      .set({ status: 'succeeded', gateway_txn_id: order.fields.transId ?? null })
      .where('request_id', '=', `${order.code}01`)
      .execute();
    const list = decodeHtml((await get('/studio/don-hang', editor)).body);
    expect(list).toContain('data-testid="unaccounted-payments"');
    expect(list).toMatch(/Cần xử lý: \d+ thanh toán thành công trên đơn chưa hoàn tất/);
    expect(list).toContain(`${order.code}01`);

    const detail = decodeHtml((await get(`/studio/don-hang/${order.code}`, admin)).body);
    expect(detail).toContain('Thanh toán thành công nhưng không trả cho đơn (đến muộn hoặc trùng)');
    expect(detail).toContain(`<option value="${order.code}01"`);
    const done = await submitForm(
      t,
      `/studio/don-hang/${order.code}`,
      { request_id: `${order.code}01`, amount: '', reason: 'Thanh toán đến sau khi hủy đơn', confirm: 'on' },
      admin,
    );
    expect(done.statusCode).toBe(200);
    expect(decodeHtml(done.body)).toContain('Đã hoàn 150.000đ qua MoMo');
    expect(decodeHtml((await get('/studio/don-hang', editor)).body)).not.toContain(`${order.code}01`);
    expect(decodeHtml((await get(`/studio/don-hang/${order.code}`, admin)).body)).not.toContain('name="reason"');
  });

  it('lets the admin find and lock a learner from the user pages', async () => {
    const user = await createUser(t.db, { full_name: 'Phạm Văn Khóa', email: 'khoa.studio@example.vn' });
    const list = await get('/studio/hoc-vien?q=khoa.studio', admin);
    expect(list.body).toContain(`href="/studio/hoc-vien/${user.id}"`);
    const locked = await submitForm(t, `/studio/hoc-vien/${user.id}`, { intent: 'lock' }, admin);
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('Đã khóa tài khoản.');
    expect(
      (await t.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow()).status,
    ).toBe('locked');
    const byEditor = await submitForm(t, `/studio/hoc-vien/${user.id}`, { intent: 'unlock' }, editor);
    expect(byEditor.statusCode).toBe(403);
  });
});
