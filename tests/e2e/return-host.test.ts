/**
 * Paying while browsing under another allowed host name than PUBLIC_URL's (issue 16, item 12), in
 * Chromium on a 360 px phone: PUBLIC_URL says http://localhost:{port}, the learner uses
 * http://127.0.0.1:{port}. After the gateway the learner is back on 127.0.0.1 — where the session
 * cookie lives — signed in, on the completed order.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney({}, { frontDoor: true, publicHostname: 'localhost' });
const url = (path: string) => journey.url(path);

describe('paying under another allowed host name', () => {
  it('signs in on 127.0.0.1, pays through the simulator, and lands signed in on the order page', async () => {
    const { db } = journey.server.context;
    const user = await createUser(db);
    const course = await createPaidCourse(db, 250_000);
    const { page, watch } = await journey.openPage({ width: 360, height: 800 });
    expect(new URL(url('/')).hostname).toBe('127.0.0.1');

    await page.goto(url(`/khoa-hoc/${course.slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
    await page.waitForURL(/\/gio-hang\?da-them=1$/);
    await page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL(url('/dang-nhap?redirect=%2Fgio-hang%2Fthanh-toan'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(url('/gio-hang/thanh-toan'));
    await waitForHydration(page);

    await page.getByLabel('VNPay (QR, thẻ ATM, ví)').check();
    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    // The simulated gateway lives at PUBLIC_URL (localhost), like a real gateway on its own host.
    await page.waitForURL((address) => address.pathname.startsWith('/__sim/pay/'));
    expect(new URL(page.url()).hostname).toBe('localhost');
    await page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();

    const order = await db.selectFrom('orders').select('code').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await page.waitForURL(url(`/tai-khoan/don-hang?ma=${order.code}&ket-qua=thanh-cong`));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Hoàn tất');
    // Signed in: the account page answers, not the sign-in page.
    expect(new URL(page.url()).pathname).toBe('/tai-khoan/don-hang');
    expect(await page.getByLabel('Mật khẩu').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(watch.unexpected()).toEqual([]);
  });
});
