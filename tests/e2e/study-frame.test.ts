/**
 * The study page shared by a course's enrolled learners, in Chromium with the page cache on: the
 * document comes from the cache without anyone's progress, and the learner's own marks, course
 * progress and "done" state arrive from /ca-nhan.json after hydration. When that request fails the
 * lesson still works and says its progress could not be loaded; a session ended elsewhere is said so.
 */
import { expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { demoStudy, endSessionElsewhere, signInDemoLearnerAt } from './learning-shared.ts';

const journey = useJourney({ PAGE_CACHE_SECONDS: '300' });

/** A text lesson of the demo learner's course, finished by them through the learning log. */
async function finishedTextLesson() {
  const study = await demoStudy(journey);
  const { db, services } = journey.server.context;
  const lesson = await db
    .selectFrom('lessons')
    .select(['id', 'title'])
    .where('course_id', '=', study.courseId)
    .where('type', '=', 'content')
    .where('content_type', '=', 'paragraph')
    .orderBy('position')
    .executeTakeFirstOrThrow();
  await services.learning.writeLog(study.learnerId, { lesson_id: lesson.id, position: 0, client_time: 0 });
  const done = await db
    .selectFrom('lesson_progress')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', study.learnerId)
    .where('course_id', '=', study.courseId)
    .where('completed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { ...lesson, path: study.studyPath(lesson.id), done: Number(done.count) };
}

it("lays the learner's own marks and progress over the shared study page", async () => {
  const lesson = await finishedTextLesson();
  const { page, watch } = await journey.openPage();
  await signInDemoLearnerAt(journey, page, lesson.path);
  // Nothing but /ca-nhan.json brings the marks: no data request renders the page for the learner.
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url());
  });
  // The document is the shared frame (the sign-in's own navigation was a data request, rendered for them).
  const response = await page.goto(journey.url(lesson.path));
  expect(response!.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
  await waitForHydration(page);
  await expect.poll(() => page.getByText('Bạn đã hoàn thành bài học này.').isVisible()).toBe(true);
  // The curriculum (folded away on a phone).
  const sidebar = page.locator('#muc-luc');
  await expect.poll(() => sidebar.getByText(new RegExp(`^Đã hoàn thành ${lesson.done}/\\d+ bài$`)).count()).toBe(1);
  await expect.poll(() => sidebar.getByText('(đã hoàn thành)').count()).toBe(lesson.done);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(lesson.title);
  expect(dataRequests).toEqual([]);
  expect(watch.unexpected()).toEqual([]);
});

it('keeps the lesson when the learner’s part cannot be fetched, and says when the session ended', async () => {
  const lesson = await finishedTextLesson();
  const { page, watch } = await journey.openPage();
  await signInDemoLearnerAt(journey, page, lesson.path);
  // Mobile data dropping: neither the learner's part nor the learning log's writes get through (a
  // write that completes the lesson would reload the page's data for the learner).
  await page.route('**/ca-nhan.json*', (route) => route.abort('internetdisconnected'));
  await page.route('**/learning_log.json*', (route) => route.abort('internetdisconnected'));
  const response = await page.goto(journey.url(lesson.path));
  expect(response!.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
  await waitForHydration(page);
  await expect.poll(() => page.getByText('Chưa tải được tiến độ học của bạn').isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(lesson.title);
  // Without the learner's marks nothing claims progress; marking done stays possible.
  expect(await page.getByText('Bạn đã hoàn thành bài học này.').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Đánh dấu hoàn thành' }).isVisible()).toBe(true);

  await page.unroute('**/ca-nhan.json*');
  await endSessionElsewhere(page);
  await page.reload();
  await waitForHydration(page);
  const again = page.getByRole('link', { name: 'Đăng nhập lại' });
  await expect.poll(() => again.isVisible()).toBe(true);
  expect(await again.getAttribute('href')).toBe(`/dang-nhap?redirect=${encodeURIComponent(lesson.path)}`);
  expect(
    watch.unexpected().filter((line) => !line.includes('ca-nhan.json') && !line.includes('learning_log.json')),
  ).toEqual([]);
});
