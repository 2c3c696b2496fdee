/**
 * The studio's commerce in Chromium: the demo admin generates a batch of activation codes, reads a
 * code, revokes it (the code is refused at /active afterwards), and a promotion form keeps its typed
 * work on a validation error; axe-core finds no serious or critical problem on the new pages at
 * 360 px and laptop width, which never scroll sideways.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_STUDIO_BATCH } from '../../db/seed/studio-commerce.ts';
import { createShopper } from '../helpers/commerce.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';
import { signInAsDemoAdmin } from './studio-session.ts';
import { axeViolations } from './axe.ts';

const journey = useJourney();

describe('studio commerce', () => {
  it('the admin generates a batch, reads a code, revokes it, and the code no longer activates', async () => {
    const { page, watch } = await journey.openPage();
    await signInAsDemoAdmin(journey, page);
    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Mã kích hoạt' }).click();
    await page.waitForURL(journey.url('/studio/ma-kich-hoat'));
    await waitForHydration(page);
    await page.getByText('Tạo lô mã mới').click();
    await page.getByLabel('Khóa học hoặc gói học').selectOption({ index: 1 });
    await page.getByLabel('Số lượng mã').fill('3');
    await page.getByLabel('Tên lô (không bắt buộc)').fill('Lô thử trình duyệt');
    await page.getByRole('button', { name: 'Tạo lô mã' }).click();
    await page.waitForURL((address) => address.pathname === '/studio/ma-kich-hoat/lo-thu-trinh-duyet');
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Đã tạo 3 mã kích hoạt.');

    const printed = (await page.getByTestId('codes').locator('code').first().textContent())!;
    expect(printed).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await page.getByRole('button', { name: `Thu hồi mã ${printed}` }).click();
    await expect.poll(() => page.getByText(`Đã thu hồi mã ${printed}.`).count()).toBe(1);
    await expect.poll(() => page.getByTestId('codes').getByTestId('status').first().textContent()).toBe('Đã thu hồi');

    const learner = await createShopper(journey.server.context);
    const refused = await learner.call('POST', '/api/user/order/active.json', { code: printed });
    expect(refused.json().error.message).toBe('Mã kích hoạt đã ngừng sử dụng.');
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });

  it('a promotion form keeps the typed work on an error, then saves', async () => {
    const { page, watch } = await journey.openPage({ width: 360, height: 800 });
    await signInAsDemoAdmin(journey, page);
    await page.goto(journey.url('/studio/khuyen-mai/moi'));
    await waitForHydration(page);
    await page.getByLabel('Mã giảm giá').fill('trình duyệt 50');
    await page.getByLabel('Tên ưu đãi').fill('Ưu đãi thử trên điện thoại');
    await page.getByLabel('Giá trị (% hoặc đồng)').fill('150');
    await page.getByLabel('Bắt đầu (giờ Việt Nam)').fill('2026-01-01T08:00');
    await page.getByRole('button', { name: 'Tạo ưu đãi' }).click();
    await expect.poll(() => page.getByText('Phần trăm giảm phải từ 1 đến 100.').count()).toBe(1);
    expect(await page.getByLabel('Tên ưu đãi').inputValue()).toBe('Ưu đãi thử trên điện thoại');
    await page.getByLabel('Giá trị (% hoặc đồng)').fill('50');
    await page.getByRole('button', { name: 'Tạo ưu đãi' }).click();
    await page.waitForURL((address) => /^\/studio\/khuyen-mai\/\d+$/.test(address.pathname));
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ưu đãi TRINHDUYET50');
    expect(unexpectedExceptFormErrors(watch, [400])).toEqual([]);
  });

  it('axe-core finds no serious or critical violations on the commerce pages, which never scroll sideways', async () => {
    const subscription = await journey.server.context.db.selectFrom('subscriptions').select('id').executeTakeFirst();
    const promotion = await journey.server.context.db.selectFrom('promotions').select('id').executeTakeFirstOrThrow();
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      const { page } = await journey.openPage(viewport);
      await signInAsDemoAdmin(journey, page);
      for (const target of [
        '/studio/khuyen-mai',
        `/studio/khuyen-mai/${promotion.id}`,
        '/studio/ma-kich-hoat',
        `/studio/ma-kich-hoat/${DEMO_STUDIO_BATCH}`,
        '/studio/goi-cuoc',
        ...(subscription ? [`/studio/goi-cuoc/${subscription.id}`] : []),
      ]) {
        await page.goto(journey.url(target));
        await waitForHydration(page);
        expect(await axeViolations(page), `${target} at ${viewport.width}px`).toEqual([]);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(sideways, `${target} scrolls sideways at ${viewport.width}px`).toBe(false);
      }
    }
  });
});
