/**
 * The studio's Tác vụ nền in Chromium on a 360 px phone: the demo admin opens it from the sidebar,
 * reads each queue's counts and a failed job's error, and runs the job again. The page passes
 * axe-core and never scrolls sideways.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInAsDemoAdmin } from './studio-session.ts';

const journey = useJourney();

describe('studio jobs', () => {
  it('shows the queues and a failed job, and runs it again', async () => {
    const { jobs } = journey.server.context.services;
    let calls = 0;
    await jobs.define('payments.reconcile', { retryLimit: 0 });
    await jobs.work('payments.reconcile', async () => {
      calls += 1;
      if (calls === 1) throw new Error('Cổng VNPay không trả lời truy vấn giao dịch (quá 30 giây).');
    });
    await jobs.start();
    await jobs.send('payments.reconcile', {});
    await expect.poll(async () => (await jobs.failed()).length, { timeout: 15_000 }).toBe(1);

    const { page, watch } = await journey.openPage({ width: 360, height: 800 });
    await signInAsDemoAdmin(journey, page);
    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Tác vụ nền' }).click();
    await page.waitForURL(journey.url('/studio/tac-vu'));
    await waitForHydration(page);

    await expect.poll(() => page.getByText('Đối soát thanh toán đang chờ').count()).toBe(2);
    await expect.poll(() => page.getByText('Cổng VNPay không trả lời truy vấn giao dịch').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Chạy lại' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Đã đưa công việc vào hàng đợi');
    await expect.poll(() => calls, { timeout: 15_000 }).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByText('Không có việc nào bị lỗi.').count()).toBe(1);
    expect(watch.unexpected()).toEqual([]);
  }, 90_000);
});
