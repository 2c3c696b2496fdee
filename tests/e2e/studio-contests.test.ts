/**
 * The studio's contests in Chromium on a 360 px phone: the demo admin opens "Kỳ thi", schedules a
 * Toán contest linked to an exam_gate post (a window shorter than the duration is refused first),
 * then corrects a key of the finished Tiếng Anh contest from its item analysis: every candidate is
 * re-graded and told. The contest pages pass axe-core and never scroll sideways.
 */
import { describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS } from '../../db/seed/exams.ts';
import { formatDateTime } from '../../lib/format/date.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';
import { signInAsDemoAdmin } from './studio-session.ts';
import { axeViolations } from './axe.ts';

const journey = useJourney();
const local = (at: number) => formatDateTime(at, 'YYYY-MM-DDTHH:mm');

describe('studio contests', () => {
  it('schedules a contest, then corrects a key and re-grades the finished contest', async () => {
    const { page, watch } = await journey.openPage({ width: 360, height: 800 });
    await signInAsDemoAdmin(journey, page);
    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Kỳ thi' }).click();
    await page.waitForURL(journey.url('/studio/ky-thi'));
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Thi thử tốt nghiệp THPT 2025 — Tiếng Anh, đợt 1').count()).toBe(1);

    await page.getByRole('link', { name: 'Lên lịch kỳ thi' }).click();
    await page.waitForURL(journey.url('/studio/ky-thi/moi'));
    await waitForHydration(page);
    const now = Date.now();
    await page.getByLabel('Tên kỳ thi').fill('Thi thử Toán lớp 12 — đợt tháng 12');
    await page
      .getByLabel('Đề thi')
      .selectOption({ label: 'Đề mẫu Toán — cấu trúc thi tốt nghiệp THPT 2025 (90 phút)' });
    await page.getByLabel('Giờ mở (giờ Việt Nam)').fill(local(now + 3_600_000));
    await page.getByLabel('Giờ đóng (giờ Việt Nam)').fill(local(now + 2 * 3_600_000));
    await page.getByLabel('Thời gian làm bài (phút)').fill('90');
    await page.getByLabel('Bài viết cổng thi giới thiệu kỳ thi').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Lên lịch kỳ thi' }).click();
    await expect.poll(() => page.getByText('Thời gian làm bài dài hơn khung giờ thi').count()).toBe(1);
    // The typed work stays; a later close fixes it.
    expect(await page.getByLabel('Tên kỳ thi').inputValue()).toBe('Thi thử Toán lớp 12 — đợt tháng 12');
    await page.getByLabel('Giờ đóng (giờ Việt Nam)').fill(local(now + 4 * 3_600_000));
    await page.getByRole('button', { name: 'Lên lịch kỳ thi' }).click();
    await page.waitForURL((address) => /^\/studio\/ky-thi\/\d+$/.test(address.pathname));
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Đã lên lịch kỳ thi.');
    await expect.poll(() => page.getByTestId('status').first().textContent()).toBe('Sắp diễn ra');

    // The finished contest: correct question 1's key from the item analysis.
    const db = journey.server.context.db;
    const finished = await db
      .selectFrom('exam_contests')
      .select('id')
      .where('slug', '=', SEEDED_CONTESTS.finished)
      .executeTakeFirstOrThrow();
    await page.goto(journey.url(`/studio/ky-thi/${finished.id}/phan-tich`));
    await waitForHydration(page);
    const item = page.getByTestId('item-1');
    const before = (await item.getByTestId('key').textContent())!;
    const wrong = ['A', 'B', 'C', 'D'].find((letter) => letter !== before)!;
    await item.getByText('Sửa đáp án câu 1', { exact: true }).click();
    await item.getByLabel(wrong, { exact: true }).check();
    await item.getByRole('button', { name: 'Sửa đáp án và chấm lại' }).click();
    await expect
      .poll(() => item.getByRole('alert').textContent())
      .toBe('Vui lòng đánh dấu xác nhận trước khi chấm lại.');
    await item.getByRole('checkbox').check();
    await item.getByRole('button', { name: 'Sửa đáp án và chấm lại' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('Đã sửa đáp án và chấm lại 8 bài; 8 thí sinh đổi điểm đã được thông báo.');
    await expect.poll(() => item.getByTestId('key').textContent()).toBe(wrong);
    const notices = await db.selectFrom('notifications').select('body').where('kind', '=', 'exam_regrade').execute();
    expect(notices).toHaveLength(8);
    expect(notices[0]!.body).toMatch(/^Đáp án câu 1 của "Thi thử tốt nghiệp THPT 2025 — Tiếng Anh, đợt 1"/);

    await page.getByRole('link', { name: 'Kết quả' }).click();
    await page.waitForURL(journey.url(`/studio/ky-thi/${finished.id}/ket-qua`));
    await expect.poll(() => page.getByTestId('results').locator('li').count()).toBe(8);
    expect(unexpectedExceptFormErrors(watch, [400])).toEqual([]);
  });

  it('the contest pages pass axe-core and never scroll sideways at 360 px', async () => {
    const db = journey.server.context.db;
    const open = await db
      .selectFrom('exam_contests')
      .select('id')
      .where('slug', '=', SEEDED_CONTESTS.open)
      .executeTakeFirstOrThrow();
    const { page } = await journey.openPage({ width: 360, height: 800 });
    await signInAsDemoAdmin(journey, page);
    for (const target of [
      '/studio/ky-thi',
      '/studio/ky-thi/moi',
      `/studio/ky-thi/${open.id}`,
      `/studio/ky-thi/${open.id}/theo-doi`,
      `/studio/ky-thi/${open.id}/ket-qua`,
      `/studio/ky-thi/${open.id}/phan-tich`,
    ]) {
      await page.goto(journey.url(target));
      await waitForHydration(page);
      expect(await axeViolations(page), target).toEqual([]);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways, `${target} scrolls sideways`).toBe(false);
    }
  });
});
