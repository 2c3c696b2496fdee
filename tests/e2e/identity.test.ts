/**
 * Identity journeys in Chromium against the real product: sign up by phone with the OTP read from
 * the dev outbox, edit the profile, sign out; a forgotten password end to end; the guards of
 * SPEC §6 with the ?redirect= round trip.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors as unexpectedProblems, useJourney } from './journey.ts';

const journey = useJourney();
const openPage = () => journey.openPage();

/** The 6-digit code of the newest outbox message to `recipient`, as a person would read it on /__dev/outbox. */
async function readCodeFromOutbox(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`${journey.server.baseUrl}/__dev/outbox`);
  const row = outbox.locator('tbody tr', { hasText: recipient }).first();
  const text = await row.innerText();
  await outbox.close();
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code for ${recipient} in the outbox`);
  return match[1]!;
}

async function readLinkFromOutbox(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`${journey.server.baseUrl}/__dev/outbox`);
  const text = await outbox.locator('tbody tr', { hasText: recipient }).first().innerText();
  await outbox.close();
  const match = /https?:\/\/\S+\/quen-mat-khau-step-2\?token=[\w-]+/.exec(text);
  if (!match) throw new Error(`no reset link for ${recipient}`);
  return match[0].replace(/^https?:\/\/[^/]+/, journey.server.baseUrl);
}

describe('sign-up by phone', () => {
  it('signs up, verifies the OTP from the outbox, edits the profile and signs out', async () => {
    const { page, watch } = await openPage();
    await page.goto(`${journey.server.baseUrl}/dang-ky`);
    await waitForHydration(page);
    await page.getByLabel('Họ và tên').fill('Nguyễn Văn Thành');
    await page.getByLabel('Số điện thoại hoặc email').fill('0981234567');
    await page.getByLabel('Mật khẩu').fill('HocVien#2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await page.waitForURL(/\/register-otp\?/);

    const code = await readCodeFromOutbox(page, '84981234567');
    await page.getByLabel('Mã OTP').fill(code);
    await page.getByRole('button', { name: 'Xác nhận' }).click();
    await page.waitForURL(/\/verified/);
    await expect.poll(() => page.getByText('Tài khoản của bạn đã được kích hoạt.').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Hoàn thiện hồ sơ' }).click();
    await page.waitForURL(/\/tai-khoan\/ho-so$/);
    await page.getByLabel('Họ và tên').fill('Nguyễn Văn Thành Công');
    await page.getByLabel('Tỉnh/thành phố').selectOption('48');
    await page.getByRole('button', { name: 'Lưu hồ sơ' }).click();
    await expect.poll(() => page.getByText('Đã lưu hồ sơ.').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel('Tỉnh/thành phố').inputValue()).toBe('48');

    await page.locator('summary', { hasText: 'Nguyễn Văn Thành Công' }).click();
    await page.getByRole('button', { name: 'Đăng xuất', exact: true }).click();
    await page.waitForURL(`${journey.server.baseUrl}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Đăng nhập' }).isVisible()).toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'kt_user')).toBeUndefined();
    expect(unexpectedProblems(watch)).toEqual([]);
  });

  it('shows the form errors in Vietnamese and keeps what was typed', async () => {
    const { page, watch } = await openPage();
    await page.goto(`${journey.server.baseUrl}/dang-ky`);
    await waitForHydration(page);
    await page.getByLabel('Họ và tên').fill('Trần Thị Mai');
    await page.getByLabel('Số điện thoại hoặc email').fill('0123');
    await page.getByLabel('Mật khẩu').fill('1234');
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await expect
      .poll(() => page.getByText('Nhập số điện thoại di động Việt Nam hoặc địa chỉ email.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Mật khẩu cần ít nhất 8 ký tự.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Vui lòng đồng ý điều khoản.').isVisible()).toBe(true);
    expect(await page.getByLabel('Họ và tên').inputValue()).toBe('Trần Thị Mai');
    expect(unexpectedProblems(watch)).toEqual([]);
  });
});

describe('forgotten password', () => {
  it('resets by e-mail link, then signs in with the new password', async () => {
    await createUser(journey.server.context.db, {
      phone: null,
      email: 'quenmatkhau@khaitri.vn',
      full_name: 'Phan Quốc Việt',
    });
    const { page, watch } = await openPage();
    await page.goto(`${journey.server.baseUrl}/dang-nhap`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL(/\/doi-mat-khau$/);
    await page.getByLabel('Số điện thoại hoặc email').fill('quenmatkhau@khaitri.vn');
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect.poll(() => page.getByText(/bạn sẽ nhận được liên kết đặt lại mật khẩu/).isVisible()).toBe(true);

    await page.goto(await readLinkFromOutbox(page, 'quenmatkhau@khaitri.vn'));
    await page.waitForURL(`${journey.server.baseUrl}/quen-mat-khau-step-2`);
    await waitForHydration(page);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('MatKhauMoi#2026');
    await page.getByLabel('Nhập lại mật khẩu mới').fill('MatKhauMoi#2026');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.waitForURL(/\/dang-nhap\?reset=1/);
    await page.getByLabel('Số điện thoại hoặc email').fill('quenmatkhau@khaitri.vn');
    await page.getByLabel('Mật khẩu').fill('MatKhauMoi#2026');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(`${journey.server.baseUrl}/`);
    await expect.poll(() => page.locator('summary', { hasText: 'Phan Quốc Việt' }).isVisible()).toBe(true);
    expect(unexpectedProblems(watch)).toEqual([]);
  });
});

describe('guards (SPEC §6)', () => {
  it('sends an anonymous visitor of an account page to login and back there after signing in; guest pages then go home', async () => {
    await createUser(journey.server.context.db, { phone: '84976543210', full_name: 'Đinh Hồng Ngọc' });
    const { page, watch } = await openPage();
    await page.goto(`${journey.server.baseUrl}/tai-khoan/thong-bao`);
    await page.waitForURL(/\/dang-nhap\?redirect=%2Ftai-khoan%2Fthong-bao/);
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill('0976543210');
    await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(`${journey.server.baseUrl}/tai-khoan/thong-bao`);
    await expect.poll(() => page.getByRole('heading', { name: 'Thông báo', exact: true }).isVisible()).toBe(true);

    for (const path of [
      '/dang-nhap',
      '/dang-ky',
      '/kiem-tra-sdt',
      '/doi-mat-khau',
      '/register-otp',
      '/quen-mat-khau-step-2',
    ]) {
      await page.goto(`${journey.server.baseUrl}${path}`);
      expect(new URL(page.url()).pathname, path).toBe('/');
    }
    await page.goto(`${journey.server.baseUrl}/lm/active`);
    expect(new URL(page.url()).pathname).toBe('/tai-khoan/kich-hoat-khoa-hoc');
    expect(unexpectedProblems(watch)).toEqual([]);
  });

  it('sends /lm/active to login with the activation page as the redirect when signed out', async () => {
    const { page } = await openPage();
    await page.goto(`${journey.server.baseUrl}/lm/active`);
    expect(page.url()).toBe(`${journey.server.baseUrl}/dang-nhap?redirect=%2Ftai-khoan%2Fkich-hoat-khoa-hoc`);
  });
});
