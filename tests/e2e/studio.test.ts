/**
 * The studio in Chromium: the demo admin signs in, finds a paid order by its code, refunds it
 * through the gateway simulator and sees it refunded; axe-core finds no serious or critical
 * accessibility problem on the studio's pages (phone and laptop widths).
 */
import { describe, expect, it } from 'vitest';
import { createPaidCourse } from '../factories/commerce.ts';
import { createShopper, decideOnSimulator } from '../helpers/commerce.ts';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';
import { signInAsDemoAdmin } from './studio-session.ts';

const journey = useJourney();

async function paidOrder() {
  const t = journey.server.context;
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 350_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout('vnpay')).json().data as { order: { code: string }; payment_url: string };
  await decideOnSimulator(t, placed.payment_url, 'approve');
  return { code: placed.order.code, userId: shopper.user.id, courseId: course.id };
}

describe('studio', () => {
  it('the admin finds an order by its code, refunds it and sees it refunded', async () => {
    const order = await paidOrder();
    const { page, watch } = await journey.openPage();
    await signInAsDemoAdmin(journey, page);
    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Đơn hàng' }).click();
    await page.waitForURL(journey.url('/studio/don-hang'));
    await waitForHydration(page);
    await page.getByLabel('Mã đơn, số điện thoại hoặc e-mail').fill(order.code.toLowerCase());
    await page.getByRole('button', { name: 'Lọc' }).click();
    await page.waitForURL((address) => address.searchParams.get('q') === order.code.toLowerCase());
    await page.getByRole('link', { name: new RegExp(order.code) }).click();
    await page.waitForURL(journey.url(`/studio/don-hang/${order.code}`));
    await waitForHydration(page);

    await page.getByLabel('Lý do').fill('Học viên đăng ký nhầm khóa học');
    await page.getByRole('button', { name: 'Hoàn tiền' }).click();
    // Not confirmed yet: the message, and the reason is still there.
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Vui lòng kiểm tra lại');
    expect(await page.getByLabel('Lý do').inputValue()).toBe('Học viên đăng ký nhầm khóa học');
    await page.getByLabel(/Tôi xác nhận hoàn tiền/).check();
    await page.getByRole('button', { name: 'Hoàn tiền' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Đã hoàn 350.000đ qua VNPay');
    await expect.poll(() => page.getByTestId('status').first().textContent()).toBe('Đã hoàn tiền');
    expect(await journey.server.context.services.enrolments.owns(order.userId, order.courseId)).toBe(false);
    expect(unexpectedExceptFormErrors(watch, [400])).toEqual([]);
  });

  it('axe-core finds no serious or critical violations on the studio pages, which never scroll sideways', async () => {
    const order = await paidOrder();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const { page } = await journey.openPage(viewport);
      await signInAsDemoAdmin(journey, page);
      for (const target of [
        '/studio',
        '/studio/don-hang',
        `/studio/don-hang/${order.code}`,
        '/studio/hoc-vien',
        '/studio/hoc-vien/1',
        '/studio/nhat-ky',
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
