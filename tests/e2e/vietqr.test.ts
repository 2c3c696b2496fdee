/**
 * Paying by bank transfer (VietQR) in Chromium on a 360 px phone, against the real product: course →
 * cart → checkout "Chuyển khoản ngân hàng (VietQR)" → the QR page, whose drawn code decodes back to
 * the payload for the exact amount with the order code as the note; the simulated bank transfers
 * too little (the page says what is missing, by itself), then the rest — and the page turns to
 * "Thanh toán thành công" by itself, without a reload. Offline it says so and resumes when back online.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

const journey = useJourney();
const url = (path: string) => journey.url(path);

describe('VietQR bank transfer', () => {
  it('pays through the simulated bank and the page turns to success by itself', async () => {
    const db = journey.server.context.db;
    const user = await createUser(db);
    const course = await createPaidCourse(db, 350_000);
    const { page, watch } = await journey.openPage({ width: 360, height: 780 });

    await page.goto(url('/dang-nhap'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/dang-nhap'));

    await page.goto(url(`/khoa-hoc/${course.slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
    await page.waitForURL(/\/gio-hang\?da-them=1$/);
    await page.goto(url('/gio-hang/thanh-toan'));
    await waitForHydration(page);
    await page.getByLabel('Chuyển khoản ngân hàng (VietQR)').check();
    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL(/\/thanh-toan\/chuyen-khoan\/KT\d{8}[A-Z0-9]{6}$/);
    await waitForHydration(page);
    const code = new URL(page.url()).pathname.split('/').pop()!;

    const state = page.getByTestId('transfer-state');
    await expect.poll(() => state.textContent()).toContain('Đang chờ thanh toán');
    expect(await page.locator('#ck-so-tien').textContent()).toBe('350.000đ');
    expect(await page.locator('#ck-noi-dung').textContent()).toBe(code);
    expect(await page.locator('#ck-so-tai-khoan').textContent()).toBe('113366668888');
    await expect.poll(() => page.getByRole('button', { name: 'Sao chép nội dung' }).isVisible()).toBe(true);

    // The code on the screen decodes back to the payload: the exact amount, the order code as the note.
    const qr = page.getByTestId('vietqr');
    const payload = (await qr.getAttribute('data-payload'))!;
    expect(payload).toContain('5406350000');
    expect(payload).toContain(`0816${code}`);
    const image = PNG.sync.read(await qr.screenshot());
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(payload);

    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // No reload from here on: a mark on the window survives only if the document stays.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // Offline, the page says so and waits; back online it checks again by itself.
    await page.context().setOffline(true);
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toContain('Bạn đang ngoại tuyến');
    await page.context().setOffline(false);
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).not.toContain('Bạn đang ngoại tuyến');

    const amount = page.getByLabel('Số tiền chuyển (đồng)');
    await amount.fill('100000');
    await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('transfer-missing').textContent(), { timeout: 15_000 })
      .toContain('còn thiếu 250.000đ');
    await expect.poll(() => page.locator('#ck-so-tien').textContent(), { timeout: 15_000 }).toBe('250.000đ');

    await expect.poll(() => amount.inputValue()).toBe('250000');
    await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toContain('Thanh toán thành công');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await state.textContent()).toContain(`Khai Trí đã nhận 350.000đ cho đơn hàng ${code}`);

    const order = await db
      .selectFrom('orders')
      .select(['status', 'user_id'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'completed', user_id: user.id });
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });
});
