/**
 * Affiliates in Chromium against the real product: a visitor arrives through the seeded affiliate's
 * referral link, signs in as another learner and buys a course through VNPay; the affiliate then
 * opens the account page and sees the commission (10% of the amount paid, waiting for approval).
 */
import { expect, it } from 'vitest';
import { createUser, DEMO_PASSWORD } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';

// The gateway sends the browser back to PUBLIC_URL: the journey goes through a front door.
const journey = useJourney({}, { frontDoor: true });
const url = (path: string) => journey.url(path);
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

async function signInAs(page: import('playwright-core').Page, username: string, password: string) {
  await page.goto(url('/dang-nhap'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill(username);
  await page.getByLabel('Mật khẩu').fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(url('/'));
}

it('a visit through a referral link, another learner buys, the affiliate sees the commission', async () => {
  const { db } = journey.server.context;
  const buyer = await createUser(db);
  const course = await createPaidCourse(db, 300_000);

  const visitor = await journey.openPage();
  // Headless Chromium names itself HeadlessChrome, which counts as a bot (no attribution): present as a phone.
  await visitor.page.setExtraHTTPHeaders({ 'user-agent': PHONE_BROWSER });
  await visitor.page.goto(url(`/khoa-hoc/${course.slug}?ref=KHOA2026`));
  await waitForHydration(visitor.page);
  const cookies = await visitor.page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'kt_ref')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  await signInAs(visitor.page, `0${buyer.phone!.slice(2)}`, buyer.password);
  await visitor.page.goto(url(`/gio-hang?pod=${course.podId}`));
  await visitor.page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
  await visitor.page.waitForURL(url('/gio-hang/thanh-toan'));
  await waitForHydration(visitor.page);
  await visitor.page.getByLabel('VNPay (QR, thẻ ATM, ví)').check();
  await visitor.page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await visitor.page.waitForURL((address) => address.pathname.startsWith('/__sim/pay/vnpay/'));
  await visitor.page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
  await visitor.page.waitForURL((address) => address.pathname === '/tai-khoan/don-hang');
  await expect.poll(() => visitor.page.getByTestId('order-status').textContent()).toBe('Hoàn tất');
  expect(visitor.watch.unexpected()).toEqual([]);

  const affiliate = await journey.openPage();
  await signInAs(affiliate.page, '0987654321', DEMO_PASSWORD);
  await affiliate.page.goto(url('/tai-khoan/cong-tac-vien'));
  await waitForHydration(affiliate.page);
  await expect.poll(() => affiliate.page.getByTestId('ma-gioi-thieu').textContent()).toBe('KHOA2026');
  const commissions = affiliate.page.getByRole('region', { name: 'Hoa hồng', exact: true });
  const row = commissions.getByRole('listitem').filter({ hasText: course.title });
  await expect.poll(() => row.textContent()).toContain('30.000');
  expect(await row.textContent()).toContain('Chờ duyệt');
  expect(affiliate.watch.unexpected()).toEqual([]);
});
