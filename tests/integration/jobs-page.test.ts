/**
 * The studio's Tác vụ nền page through the real app: admins only, the queues' counts, a failed job
 * with its error and attempts, "Chạy lại" posted as a browser without JavaScript would, and the
 * sidebar link. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let admin: string;
let editor: string;

async function cookieFor(role: 'admin' | 'editor') {
  const user = await createUser(t.db, { role });
  return (await signIn(t, user.phone!, user.password)).cookie.cookie;
}

beforeAll(async () => {
  t = await createTestContext({ pages: true });
  [admin, editor] = [await cookieFor('admin'), await cookieFor('editor')];
});
afterAll(async () => {
  await t?.close();
});

describe('/studio/tac-vu', () => {
  it('is for admins: an editor gets 403 and no sidebar link', async () => {
    expect((await getPage(t, '/studio/tac-vu', editor)).statusCode).toBe(403);
    expect((await getPage(t, '/studio', editor)).body).not.toContain('href="/studio/tac-vu"');
    const page = await getPage(t, '/studio/tac-vu', admin);
    expect(page.statusCode).toBe(200);
    const html = decodeHtml(page.body);
    expect(html).toContain('href="/studio/tac-vu"');
    // The test app starts its queue, as the server does.
    expect(html).toContain('Hàng đợi đang chạy');
    expect(html).toContain('Không có việc nào bị lỗi.');
  });

  it('shows a failed job with its error and runs it again', async () => {
    const { jobs } = t.services;
    // The test app's queue runs the app's own workers: this test declares its own, then starts it again.
    await jobs.stop();
    let calls = 0;
    await jobs.define('orders.expire', { retryLimit: 0 });
    await jobs.work('orders.expire', async () => {
      calls += 1;
      if (calls === 1) throw new Error('Mất kết nối cơ sở dữ liệu');
    });
    await jobs.start();
    const id = (await jobs.send('orders.expire', {}))!;
    const end = Date.now() + 20_000;
    while ((await jobs.failed()).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));

    const html = decodeHtml((await getPage(t, '/studio/tac-vu', admin)).body);
    expect(html).toContain('Hàng đợi đang chạy');
    expect(html).toContain('Hủy đơn hàng quá hạn thanh toán');
    expect(html).toContain('Mất kết nối cơ sở dữ liệu');
    expect(html).toContain('1 lần chạy');
    expect(html).toContain('Chạy lại');

    const retried = await submitForm(t, '/studio/tac-vu', { name: 'orders.expire', id }, admin);
    expect(retried.statusCode).toBe(200);
    expect(decodeHtml(retried.body)).toContain('Đã đưa công việc vào hàng đợi để chạy lại.');
    const again = await submitForm(t, '/studio/tac-vu', { name: 'orders.expire', id }, admin);
    expect(again.statusCode).toBe(404);
    expect(decodeHtml(again.body)).toContain('Không tìm thấy công việc lỗi này (có thể đã được chạy lại).');
    const missing = await submitForm(t, '/studio/tac-vu', { name: '', id: '' }, admin);
    expect(missing.statusCode).toBe(400);
    expect(decodeHtml(missing.body)).toContain('Vui lòng kiểm tra lại thông tin.');
  }, 40_000);
});
