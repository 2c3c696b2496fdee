/**
 * The Toán sample contest on a 360 px phone: formulas rendered (KaTeX), five answers chosen while
 * the connection is down (CDP offline) all reach the server when it returns, the submit confirmation
 * lists the unanswered questions, the result shows the rank, and the explanations once the contest
 * has closed (its keys are shown after the close). The answer-sheet view fills and saves through
 * the same queue; "Nhắc tôi" turns on and off.
 */
import { describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS } from '../../db/seed/exams.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInDemoLearnerAt } from './learning-shared.ts';

const journey = useJourney();
const CONTEST = SEEDED_CONTESTS.open;

describe('the exam room', () => {
  it('keeps five answers chosen offline, sends them when back online, submits and shows the result', async () => {
    const db = journey.server.context.db;
    const { page, watch } = await journey.openPage({ width: 360, height: 740 });
    await signInDemoLearnerAt(journey, page, `/cong-thi/${CONTEST}`);
    await page.getByTestId('start-exam').click();
    await page.waitForURL(journey.url(`/cong-thi/${CONTEST}/lam-bai`));
    await waitForHydration(page);
    await expect.poll(() => page.locator('#cau-1 .katex').first().isVisible()).toBe(true);
    const attemptId = (
      await db
        .selectFrom('exam_attempts')
        .innerJoin('exam_contests', 'exam_contests.id', 'exam_attempts.contest_id')
        .select('exam_attempts.id')
        .where('exam_contests.slug', '=', CONTEST)
        .where('exam_attempts.status', '=', 'open')
        .orderBy('exam_attempts.id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const savedCount = async () =>
      (await db.selectFrom('exam_answers').select('question_id').where('attempt_id', '=', attemptId).execute()).length;

    await page.context().setOffline(true);
    for (const number of [1, 2, 3])
      await page
        .locator(`#cau-${number} input[type="radio"]`)
        .nth(number % 4)
        .check();
    await page.locator('#cau-13 tr').first().getByLabel('Đúng').check();
    const short = page.locator('#cau-17 input');
    await short.fill('-1.5');
    expect(await short.inputValue()).toBe('-1,5');
    await short.press('Enter');
    await expect.poll(() => page.getByTestId('save-state').getAttribute('data-state')).toBe('waiting');
    expect(await page.getByTestId('save-state').innerText()).toContain('Đang chờ mạng · 5 câu chưa gửi');
    expect(await savedCount()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: 15_000 }).toBe('Đã lưu');
    expect(await savedCount()).toBe(5);

    await page.getByTestId('submit-exam').click();
    expect(await page.getByTestId('unanswered').innerText()).toContain('Bạn còn 17 câu chưa trả lời');
    await page.getByTestId('confirm-submit').click();
    await page.waitForURL(journey.url(`/cong-thi/${CONTEST}/ket-qua/${attemptId}`));
    await waitForHydration(page);
    expect(await page.getByTestId('result-rank').innerText()).toMatch(/^Hạng \d+\/\d+/);
    expect(await page.getByTestId('keys-hidden').isVisible()).toBe(true);
    expect(await page.getByTestId('explanation').count()).toBe(0);

    // The contest closes: its keys and explanations are shown.
    await db
      .updateTable('exam_contests')
      .set({ closes_at: new Date(Date.now() - 60_000).toISOString() as never })
      .where('slug', '=', CONTEST)
      .execute();
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('explanation').count()).toBe(22);
    expect(await page.locator('[data-testid="explanation"] .katex').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The saves tried while offline fail in the browser, as they should; nothing else may.
    expect(watch.unexpected().filter((line) => !line.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it("shows the server's refusal for an answer after the deadline", async () => {
    const db = journey.server.context.db;
    const practice = 'luyen-tap-de-mau-toan-thpt-2025';
    const { page } = await journey.openPage({ width: 360, height: 740 });
    await signInDemoLearnerAt(journey, page, `/cong-thi/${practice}`);
    await page.getByTestId('start-exam').click();
    await page.waitForURL(journey.url(`/cong-thi/${practice}/lam-bai`));
    await waitForHydration(page);
    // The server's deadline passes while the page still counts down.
    await db
      .updateTable('exam_attempts')
      .set({ deadline_at: new Date(Date.now() - 60_000).toISOString() as never })
      .where('status', '=', 'open')
      .execute();
    await page.locator('#cau-1 input[type="radio"]').first().check();
    await expect
      .poll(() =>
        page
          .getByTestId('room-error')
          .isVisible()
          .catch(() => false),
      )
      .toBe(true);
    expect(await page.getByTestId('room-error').innerText()).toContain('Đã hết giờ làm bài');
    expect(await page.getByTestId('save-state').innerText()).toBe('Đã lưu');
  });

  it('fills the answer sheet (phiếu trả lời) on a 360 px phone: every bubble saved, shown in the question view', async () => {
    const db = journey.server.context.db;
    const practice = 'luyen-tap-de-mau-vat-ly-thpt-2025';
    const { page, watch } = await journey.openPage({ width: 360, height: 740 });
    await signInDemoLearnerAt(journey, page, `/cong-thi/${practice}`);
    await page.getByTestId('start-exam').click();
    await page.waitForURL(journey.url(`/cong-thi/${practice}/lam-bai`));
    await waitForHydration(page);
    await page.getByTestId('view-sheet').click();
    expect(await page.getByTestId('answer-sheet').isVisible()).toBe(true);
    const bubble = (label: string) => page.getByLabel(label, { exact: true }).check({ force: true });
    await bubble('Câu 1: B');
    await bubble('Câu 2: D');
    await bubble('Câu 19 ý a: Đúng');
    await bubble('Câu 19 ý b: Sai');
    for (const label of ['Câu 23, ô 1: dấu trừ', 'Câu 23, ô 2: 1', 'Câu 23, ô 3: dấu phẩy', 'Câu 23, ô 4: 5'])
      await bubble(label);
    expect(await page.getByTestId('sheet-box-23-3').innerText()).toBe(',');
    await expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: 15_000 }).toBe('Đã lưu');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const attempt = await db
      .selectFrom('exam_attempts')
      .innerJoin('exam_contests', 'exam_contests.id', 'exam_attempts.contest_id')
      .select('exam_attempts.id')
      .where('exam_contests.slug', '=', practice)
      .where('exam_attempts.status', '=', 'open')
      .executeTakeFirstOrThrow();
    const saved = await db
      .selectFrom('exam_answers')
      .select(['answer', 'seq'])
      .where('attempt_id', '=', attempt.id)
      .orderBy('seq')
      .execute();
    expect(saved).toHaveLength(4);
    expect(saved.map((row) => JSON.parse(row.answer))).toContainEqual([true, false, null, null]);
    expect(saved.map((row) => JSON.parse(row.answer))).toContainEqual('-1,5');

    // The question view shows what the sheet filled; after a reload the sheet is filled from the server.
    await page.getByTestId('view-questions').click();
    expect(await page.locator('#cau-23 input').inputValue()).toBe('-1,5');
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('view-sheet').click();
    expect(await page.getByLabel('Câu 1: B', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Câu 19 ý b: Sai', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByTestId('sheet-box-23-4').innerText()).toBe('5');
    expect(watch.unexpected()).toEqual([]);
  });

  it('turns a contest reminder on and off from /cong-thi on a 360 px phone', async () => {
    const db = journey.server.context.db;
    const { page } = await journey.openPage({ width: 360, height: 740 });
    await signInDemoLearnerAt(journey, page, '/cong-thi');
    await waitForHydration(page);
    const toggle = page.getByTestId('remind-toggle');
    expect(await toggle.innerText()).toBe('Nhắc tôi');
    await toggle.click();
    await expect.poll(() => toggle.innerText()).toBe('Bỏ nhắc');
    const reminders = () => db.selectFrom('exam_reminders').select('user_id').execute();
    expect(await reminders()).toHaveLength(1);
    await page.goto(journey.url(`/cong-thi/${SEEDED_CONTESTS.upcoming}`));
    await waitForHydration(page);
    await page.getByTestId('remind-toggle').click();
    await expect.poll(() => page.getByTestId('remind-toggle').innerText()).toBe('Nhắc tôi');
    expect(await reminders()).toHaveLength(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
