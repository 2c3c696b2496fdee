/**
 * "Dữ liệu cá nhân" in Chromium on a 360 px phone (issue 22, "Must show"): from the account menu,
 * turn a consent on, download "Dữ liệu của tôi" (the export job runs while the page waits, then the
 * HTML file downloads and holds the learner's own order), then request the account's deletion, see
 * the waiting period and cancel it. Nothing on the way is wider than the phone; the page passes axe.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { createGatewayOrder } from '../factories/payments.ts';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

const journey = useJourney();
const url = (path: string) => journey.url(path);
const PHONE = { width: 360, height: 740 };

describe('personal data on a 360 px phone', () => {
  it('download "Dữ liệu của tôi", then request the deletion and cancel it', async () => {
    const db = journey.server.context.db;
    const user = await createUser(db, { full_name: 'Vũ Ngọc Ánh' });
    const course = await createPaidCourse(db, 450_000);
    const order = await createGatewayOrder(db, {
      userId: user.id,
      pod: {
        podId: course.podId,
        courseId: course.id,
        title: course.title,
        slug: course.slug,
        type: 'retail',
        cycle: 5,
        price: 450_000,
      },
      method: 'momo',
      paidAt: new Date(Date.now() - 86_400_000),
    });
    const { page, watch } = await journey.openPage(PHONE);
    const fitsThePhone = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(url('/dang-nhap?redirect=%2Ftai-khoan%2Fho-so'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(url('/tai-khoan/ho-so'));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Dữ liệu cá nhân' }).first().click();
    await page.waitForURL(url('/tai-khoan/du-lieu-ca-nhan'));
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dữ liệu cá nhân');
    await fitsThePhone();
    expect(await axeViolations(page)).toEqual([]);

    // A consent, given with one tap and recorded.
    await page.getByRole('button', { name: 'Bật Tiếp thị' }).click();
    await expect.poll(() => page.getByTestId('consent-marketing').textContent()).toBe('Đang bật');

    // The export: requested, made by the job while the page waits, then downloaded.
    await page.getByRole('button', { name: 'Tải dữ liệu của tôi' }).click();
    const htmlLink = page.getByRole('link', { name: 'Tải tệp dễ đọc (HTML)' });
    await expect.poll(() => htmlLink.isVisible(), { timeout: 20_000 }).toBe(true);
    await fitsThePhone();
    const [download] = await Promise.all([page.waitForEvent('download'), htmlLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^du-lieu-cua-toi-\d+\.html$/);
    const html = fs.readFileSync(await download.path(), 'utf8');
    expect(html).toContain('Dữ liệu của tôi');
    expect(html).toContain('Vũ Ngọc Ánh');
    expect(html).toContain(order.code);

    // The deletion: the retention of orders and invoices is explained; the wait can be cancelled.
    expect(await page.getByText('Luật Kế toán').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Yêu cầu xóa tài khoản' }).click();
    await expect.poll(() => page.getByText('Vui lòng đánh dấu xác nhận.').isVisible()).toBe(true);
    await page.getByLabel(/Tôi hiểu tài khoản/).check();
    await page.getByRole('button', { name: 'Yêu cầu xóa tài khoản' }).click();
    await expect.poll(() => page.getByText(/Tài khoản sẽ bị xóa vào/).isVisible()).toBe(true);
    await fitsThePhone();
    const waiting = await db
      .selectFrom('privacy_requests')
      .select(['state', 'scheduled_for'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'deletion')
      .executeTakeFirstOrThrow();
    expect(waiting.state).toBe('waiting');
    await page.getByRole('button', { name: 'Hủy yêu cầu xóa' }).click();
    await expect
      .poll(() => page.getByText('Đã hủy yêu cầu xóa tài khoản. Tài khoản của bạn được giữ nguyên.').isVisible())
      .toBe(true);
    const cancelled = await db
      .selectFrom('privacy_requests')
      .select('state')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'deletion')
      .executeTakeFirstOrThrow();
    expect(cancelled.state).toBe('cancelled');
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });
});
