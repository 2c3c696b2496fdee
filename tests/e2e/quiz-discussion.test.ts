/**
 * Quizzes, notes and the discussion in Chromium on the study page (`/vao-hoc/{slug}?bai={lesson}`),
 * which renders `QuizLesson` for exam lessons and `LessonExtras` under every lesson.
 * The demo learner fails the quiz, then passes it on a second attempt; adds a note; replies in
 * the seeded discussion thread (its author is notified) and posts hostile text that stays text.
 */
import { describe, expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { demoStudy, signInDemoLearnerAt } from './learning-shared.ts';

const journey = useJourney();

describe('quiz', () => {
  it('fails a first attempt (confirming unanswered questions), reviews it, then passes on "Làm lại"', async () => {
    const study = await demoStudy(journey);
    const { page, watch } = await journey.openPage();
    await signInDemoLearnerAt(journey, page, study.studyPath(study.examLessonId));
    const quiz = page.getByTestId('quiz-lesson');
    await quiz.getByRole('button', { name: 'Bắt đầu làm bài' }).click();
    await expect.poll(() => quiz.getByTestId('quiz-question').count()).toBe(3);
    // Nothing in the page says which option is right before submitting.
    expect(await page.content()).not.toContain('Đáp án đúng');

    await quiz.getByRole('radio', { name: '3x² − 3x', exact: true }).check();
    await quiz.getByRole('radio', { name: '2', exact: true }).focus();
    await page.keyboard.press('Space');
    await quiz.getByRole('button', { name: 'Nộp bài' }).click();
    await expect.poll(() => quiz.getByText('Bạn còn 1 câu chưa trả lời. Vẫn nộp bài?').isVisible()).toBe(true);
    await quiz.getByRole('button', { name: 'Vẫn nộp bài' }).click();
    await expect.poll(() => quiz.getByTestId('quiz-result').innerText()).toContain('0% · Chưa đạt');
    expect(await quiz.getByTestId('quiz-result').innerText()).toContain('Điểm đạt: 60%');
    expect(await quiz.getByText('Giải thích:').count()).toBe(3);

    await quiz.getByRole('button', { name: 'Làm lại' }).click();
    await expect.poll(() => quiz.getByTestId('quiz-question').count()).toBe(3);
    await quiz.getByRole('radio', { name: '3x² − 3', exact: true }).check();
    // A reload continues the open attempt with the answers given so far.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => quiz.getByRole('radio', { name: '3x² − 3', exact: true }).isChecked()).toBe(true);
    for (const root of ['x = 1', 'x = −1']) await quiz.getByRole('checkbox', { name: root, exact: true }).check();
    await quiz.getByRole('radio', { name: '1', exact: true }).check();
    await quiz.getByRole('button', { name: 'Nộp bài' }).click();
    await expect.poll(() => quiz.getByTestId('quiz-result').innerText()).toContain('100% · Đạt');

    await quiz.getByRole('button', { name: 'Các lượt đã làm' }).click();
    await expect.poll(() => quiz.getByRole('button', { name: 'Xem lại' }).count()).toBe(2);
    expect(await quiz.getByText('Bạn đã đạt bài kiểm tra này.').isVisible()).toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('notes and discussion', () => {
  it('adds a note, replies in the discussion (notifying the author) and keeps hostile text as text', async () => {
    const study = await demoStudy(journey);
    const db = journey.server.context.db;
    const { page, watch } = await journey.openPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInDemoLearnerAt(journey, page, study.studyPath(study.firstLessonId));
    const extras = page.getByTestId('lesson-extras');

    await expect.poll(() => extras.getByTestId('lesson-note').count()).toBe(1);
    await extras.getByLabel('Ghi chú mới (chỉ mình bạn xem được)').fill('Ôn lại ví dụ 2 trước khi làm bài');
    await extras.getByRole('button', { name: 'Lưu ghi chú' }).click();
    await expect.poll(() => extras.getByTestId('lesson-note').count()).toBe(2);
    expect(await extras.getByText('Ôn lại ví dụ 2 trước khi làm bài').isVisible()).toBe(true);

    await extras.getByRole('tab', { name: 'Ghi chú' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await extras.getByRole('tab', { name: 'Thảo luận' }).getAttribute('aria-selected')).toBe('true');
    const thread = extras.getByRole('listitem').filter({ hasText: 'Cô giảng phần này rất dễ hiểu' });
    await expect.poll(() => thread.isVisible()).toBe(true);
    expect(
      await thread.getByRole('link', { name: 'https://khaitri.vn/ho-tro-khach-hang' }).getAttribute('rel'),
    ).toContain('nofollow');
    await thread.getByRole('button', { name: 'Trả lời' }).first().click();
    await thread.getByLabel('Trả lời Trần Minh Khoa').fill('Mình có tài liệu, bạn xem phần Tài liệu nhé!');
    await thread.getByRole('button', { name: 'Gửi trả lời' }).click();
    await expect.poll(() => thread.getByText('Mình có tài liệu, bạn xem phần Tài liệu nhé!').isVisible()).toBe(true);
    const classmate = await db
      .selectFrom('users')
      .select('id')
      .where('full_name', '=', 'Trần Minh Khoa')
      .executeTakeFirstOrThrow();
    const notices = await db.selectFrom('notifications').select('title').where('user_id', '=', classmate.id).execute();
    expect(notices.map((notice) => notice.title)).toContain('Có người trả lời bình luận của bạn');

    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await extras.getByLabel('Đặt câu hỏi hoặc chia sẻ về bài học').fill(hostile);
    await extras.getByRole('button', { name: 'Gửi bình luận' }).click();
    await expect.poll(() => extras.getByText(hostile).isVisible()).toBe(true);
    expect(await extras.locator('img[src="x"]').count()).toBe(0);

    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('lesson-extras').getByRole('tab', { name: 'Thảo luận' }).click();
    await expect.poll(() => page.getByText(hostile).isVisible()).toBe(true);
    expect(dialogs).toEqual([]);
    expect(watch.unexpected()).toEqual([]);
  });
});
