/**
 * Zalo Login in Chromium on a 360 px phone (issue 22 part 4), against the Zalo simulator the
 * product mounts with ZALO_SIMULATOR=1: a learner links Zalo in the profile, signs out, and signs
 * back in with "Đăng nhập bằng Zalo"; a Zalo account nobody linked is told what to do.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

// Zalo sends the browser back to `{PUBLIC_URL}/api/user/…/callback`: through a front door.
const journey = useJourney({ ZALO_SIMULATOR: '1' }, { frontDoor: true });
const url = (path: string) => journey.url(path);
const PHONE = { width: 360, height: 740 };

describe('signing in with Zalo on a 360 px phone', () => {
  it('links Zalo in the profile, signs out, signs back in with Zalo', async () => {
    const user = await createUser(journey.server.context.db, { full_name: 'Đỗ Thị Thu Trang' });
    const { page, watch } = await journey.openPage(PHONE);
    const fitsThePhone = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(url('/dang-nhap'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(url('/'));

    await page.goto(url('/tai-khoan/ho-so'));
    await waitForHydration(page);
    const zaloRow = page.locator('li', { hasText: 'Zalo' });
    await expect.poll(() => zaloRow.textContent()).toContain('Chưa liên kết');
    await zaloRow.getByRole('link', { name: 'Liên kết' }).click();
    await page.waitForURL((address) => address.pathname === '/__sim/zalo/v4/permission');
    await fitsThePhone();
    await page.getByRole('link', { name: 'Cho phép với tài khoản Zalo Phạm Minh Khôi' }).click();
    await page.waitForURL(url('/tai-khoan/ho-so?social=linked&provider=zalo'));
    await expect.poll(() => page.getByText('Đã liên kết tài khoản Zalo.').isVisible()).toBe(true);
    await expect.poll(() => zaloRow.textContent()).toContain('Đã liên kết');

    await page.locator('summary', { hasText: 'Đỗ Thị Thu Trang' }).click();
    await page.getByRole('button', { name: 'Đăng xuất', exact: true }).click();
    await page.waitForURL(url('/'));

    await page.goto(url('/dang-nhap?redirect=%2Ftai-khoan%2Fho-so'));
    await waitForHydration(page);
    await fitsThePhone();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Đăng nhập bằng Zalo' }).click();
    await page.waitForURL((address) => address.pathname === '/__sim/zalo/v4/permission');
    await page.getByRole('link', { name: 'Cho phép với tài khoản Zalo Phạm Minh Khôi' }).click();
    await page.waitForURL(url('/tai-khoan/ho-so'));
    await waitForHydration(page);
    await expect.poll(() => page.locator('summary', { hasText: 'Đỗ Thị Thu Trang' }).isVisible()).toBe(true);
    await fitsThePhone();
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });

  it('tells the owner of an unlinked Zalo account how to link it, and a refusal is a refusal', async () => {
    const { page, watch } = await journey.openPage(PHONE);
    await page.goto(url('/dang-nhap'));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Đăng nhập bằng Zalo' }).click();
    await page.getByRole('link', { name: 'Cho phép với tài khoản Zalo Lê Thị Hồng Nhung' }).click();
    await page.waitForURL(url('/dang-nhap?zalo=unlinked'));
    await expect
      .poll(() =>
        page.getByText('Tài khoản Zalo này chưa liên kết với tài khoản Khai Trí nào.', { exact: false }).isVisible(),
      )
      .toBe(true);

    await page.getByRole('link', { name: 'Đăng nhập bằng Zalo' }).click();
    await page.getByRole('link', { name: 'Từ chối' }).click();
    await page.waitForURL(url('/dang-nhap?zalo=cancelled'));
    await expect.poll(() => page.getByText('Bạn đã hủy đăng nhập bằng Zalo.').isVisible()).toBe(true);
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });
});
