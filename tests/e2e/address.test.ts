/**
 * The address journey in Chromium on a 360 px phone: on /tai-khoan/ho-so the learner picks a province,
 * the Phường/Xã select fills with that province's units (from districts.json), one is chosen and
 * saved, and the saved address shows in full. A failed load offers "Thử lại".
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney();
const url = (path: string) => journey.url(path);

describe('the address on the profile', () => {
  it('chooses a province, then a ward from its list, saves, and shows the address in full', async () => {
    const user = await createUser(journey.server.context.db, { full_name: 'Phạm Địa Chỉ' });
    const { page, watch } = await journey.openPage({ width: 360, height: 800 });
    await page.goto(url('/dang-nhap?redirect=%2Ftai-khoan%2Fho-so'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(url('/tai-khoan/ho-so'));
    await waitForHydration(page);

    const province = page.getByLabel('Tỉnh/thành phố');
    const ward = page.getByLabel('Phường/Xã');
    expect(await ward.isDisabled()).toBe(true);
    expect(await page.getByTestId('saved-address').textContent()).toBe('Chưa có');

    // The first load fails: the error and "Thử lại", which then loads the list.
    let failNext = true;
    await page.route('**/api/user/districts.json?*', (route) =>
      failNext ? ((failNext = false), route.fulfill({ status: 503, body: '' })) : route.continue(),
    );
    await province.selectOption('79');
    const failure = page.getByRole('alert').filter({ hasText: 'Không tải được danh sách phường/xã.' });
    await failure.waitFor();
    await failure.getByRole('button', { name: 'Thử lại' }).click();
    await expect.poll(() => ward.isEnabled()).toBe(true);
    expect(await ward.locator('option').count()).toBe(169);
    await ward.selectOption({ label: 'Bến Thành (phường)' });
    await page.getByLabel('Địa chỉ (số nhà, tên đường)').fill('5 Pasteur');
    await page.getByRole('button', { name: 'Lưu hồ sơ' }).click();
    await page.getByRole('status').filter({ hasText: 'Đã lưu hồ sơ.' }).waitFor();
    await expect
      .poll(() => page.getByTestId('saved-address').textContent())
      .toBe('5 Pasteur, Phường Bến Thành, Thành phố Hồ Chí Minh');

    // Saved, and server-rendered on the next visit; another province empties the ward and reloads the list.
    await page.reload();
    await waitForHydration(page);
    expect(await ward.inputValue()).toBe('26743');
    await province.selectOption('01');
    expect(await ward.inputValue()).toBe('');
    await expect.poll(() => ward.locator('option[value="00004"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const stored = await journey.server.context.db
      .selectFrom('users')
      .select(['province_code', 'ward_code'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ province_code: '79', ward_code: '26743' });
    expect(watch.unexpected().filter((line) => !/status of 503/.test(line))).toEqual([]);
  });
});
