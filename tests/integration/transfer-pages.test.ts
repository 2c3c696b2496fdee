/**
 * The VietQR pages through the real app, as a browser without JavaScript sees them: the learner's
 * payment page (QR, account details, note, "Kiểm tra lại", the simulator outside production; someone
 * else's order is a 404), and Studio → Chuyển khoản (an editor reads, an admin matches an unmatched
 * credit to an order; a wrong code keeps what was typed; "Đối soát sao kê": the runs, "Đối soát ngay"
 * and a statement file sent with the form), with the demo seed's transfers. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacDriver } from '../../modules/transfers/bank-notifications.ts';
import { TRANSFER_DEMO } from '../../modules/transfers/transfers.config.ts';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { decodeHtml, getPage, nextClientAddress, SAME_ORIGIN, signIn, submitForm } from '../helpers/auth.ts';
import { createShopper } from '../helpers/commerce.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;
let admin: string;

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  const editorUser = await createUser(t.db, { role: 'editor' });
  const adminUser = await createUser(t.db, { role: 'admin' });
  editor = (await signIn(t, editorUser.phone!, editorUser.password)).cookie.cookie;
  admin = (await signIn(t, adminUser.phone!, adminUser.password)).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

async function transferOrder() {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 480_000);
  await shopper.addToCart(course.podId);
  const code = (await shopper.checkout('vietqr')).json().data.order.code as string;
  return { code, shopper, cookie: (await signIn(t, shopper.user.phone!, shopper.user.password)).cookie.cookie };
}

function notify(description: string, amount: number) {
  const body = JSON.stringify({ transactions: [{ id: `FT${Date.now()}${Math.random()}`, amount, description }] });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/chuyen-khoan/webhook',
    headers: { 'content-type': 'application/json', 'x-bank-signature': hmacDriver(TRANSFER_DEMO.secret).sign(body) },
    payload: body,
    remoteAddress: nextClientAddress(),
  });
}

describe('the payment page', () => {
  it('shows the QR, the account in text, the note and a way to check again without JavaScript', async () => {
    const order = await transferOrder();
    const page = await getPage(t, `/thanh-toan/chuyen-khoan/${order.code}`, order.cookie);
    expect(page.statusCode).toBe(200);
    const html = decodeHtml(page.body);
    expect(html).toContain('Đang chờ thanh toán');
    expect(html).toMatch(/<svg[^>]*viewBox/);
    expect(html).toContain('113366668888');
    expect(html).toContain(TRANSFER_DEMO.accountName);
    expect(html).toContain('480.000đ');
    expect(html).toContain(`>${order.code}</span>`);
    expect(html).toContain('Kiểm tra lại');
    expect(html).toContain('Mô phỏng chuyển khoản');

    const stranger = await transferOrder();
    expect((await getPage(t, `/thanh-toan/chuyen-khoan/${order.code}`, stranger.cookie)).statusCode).toBe(404);
    expect((await getPage(t, `/thanh-toan/chuyen-khoan/${order.code}`)).statusCode).toBe(302);
  });
});

describe('Studio → Chuyển khoản', () => {
  it('lets an editor read and an admin match an unmatched credit to its order', async () => {
    const order = await transferOrder();
    const note = `Hoc phi con em Le Minh Khoa ${Date.now()}`;
    expect((await notify(note, 480_000)).json().data.results[0].state).toBe('unmatched');

    const seen = decodeHtml((await getPage(t, '/studio/chuyen-khoan', editor)).body);
    expect(seen).toContain(note);
    // The demo seed's credit without an order waits here too; its matched one is under "Tất cả".
    expect(seen).toContain('Chuyen tien hoc phi tieng Anh giao tiep cho con - Pham Van Hung');
    const all = decodeHtml((await getPage(t, '/studio/chuyen-khoan?view=tat-ca', editor)).body);
    expect(all).toContain('NGUYEN THI MAI ANH');
    expect(seen).toContain('Chưa khớp đơn');
    expect(seen).not.toContain('Gán cho đơn');

    const list = decodeHtml((await getPage(t, '/studio/chuyen-khoan', admin)).body);
    expect(list).toContain('Gán cho đơn');
    const credit = await t.db
      .selectFrom('bank_credits')
      .select('id')
      .where('note', '=', note)
      .executeTakeFirstOrThrow();
    const wrong = await submitForm(
      t,
      '/studio/chuyen-khoan',
      { id: String(credit.id), order_code: 'KT20200101ZZZZZZ' },
      admin,
    );
    expect(wrong.statusCode).toBe(400);
    expect(decodeHtml(wrong.body)).toContain('Không tìm thấy đơn hàng với mã này.');
    expect(decodeHtml(wrong.body)).toContain('value="KT20200101ZZZZZZ"');

    const done = await submitForm(t, '/studio/chuyen-khoan', { id: String(credit.id), order_code: order.code }, admin);
    expect(done.statusCode).toBe(200);
    expect(decodeHtml(done.body)).toContain(`cho đơn ${order.code}: đã khớp đơn.`);
    const status = (await order.shopper.call('GET', `/api/user/order/details.json?code=${order.code}`)).json().data;
    expect(status.status).toBe('completed');
    expect(
      (await submitForm(t, '/studio/chuyen-khoan', { id: String(credit.id), order_code: order.code }, editor))
        .statusCode,
    ).toBe(403);
  });
});

describe('Studio → Chuyển khoản → Đối soát sao kê', () => {
  async function upload(csv: string, cookie: string) {
    const form = new FormData();
    form.append('intent', 'import');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'sao-ke-thang-11.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: '/studio/chuyen-khoan',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, host: 'localhost:3000', ...SAME_ORIGIN, cookie },
      remoteAddress: nextClientAddress(),
    });
  }

  it('finds a dropped transfer with "Đối soát ngay", reads an uploaded statement, and refuses a bad one', async () => {
    const dropped = await transferOrder();
    t.services.transfers!.simulateTransfer(dropped.code, 480_000, false);
    const editorView = decodeHtml((await getPage(t, '/studio/chuyen-khoan', editor)).body);
    expect(editorView).toContain('Đối soát sao kê');
    expect(editorView).not.toContain('Đối soát ngay</button>');
    expect(decodeHtml((await getPage(t, '/studio/chuyen-khoan', admin)).body)).toContain('Tải lên và đối soát');

    const run = await submitForm(t, '/studio/chuyen-khoan', { intent: 'reconcile' }, admin);
    expect(run.statusCode).toBe(200);
    expect(decodeHtml(run.body)).toMatch(/Đã đối soát: \d+ giao dịch trong sao kê, [1-9]\d* mới ghi nhận/);
    const status = async (code: string) =>
      (await t.db.selectFrom('orders').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;
    expect(await status(dropped.code)).toBe('completed');

    const fromFile = await transferOrder();
    const csv = `\uFEFFMã giao dịch;Thời gian;Số tiền;Nội dung\r\nFTF${Date.now()};26/11/2026 09:15;480.000 đ;"Thanh toan ${fromFile.code}"\r\n`;
    const read = await upload(csv, admin);
    expect(read.statusCode).toBe(200);
    expect(decodeHtml(read.body)).toContain('Đã đọc tệp sao-ke-thang-11.csv: 1 giao dịch trong sao kê, 1 mới ghi nhận');
    expect(await status(fromFile.code)).toBe('completed');

    const bad = await upload('FTX;hôm qua;480.000;abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(decodeHtml(bad.body)).toContain('Tệp sao kê không hợp lệ, chưa ghi nhận gì — dòng 1: thời gian “hôm qua”');
    expect((await upload(csv, editor)).statusCode).toBe(403);
  });
});
