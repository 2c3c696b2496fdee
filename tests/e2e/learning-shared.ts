/** Shared steps of the learning-extras journeys. */
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';
import type { Journey } from './journey.ts';

/** Signs the demo learner in from the login page and lands on `path`. */
export async function signInDemoLearnerAt(journey: Journey, page: Page, path: string): Promise<void> {
  await page.goto(journey.url(`/dang-nhap?redirect=${encodeURIComponent(path)}`));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('0912345678');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url(path));
  await waitForHydration(page);
}

/** The course the demo learner bought (seeded), with its first lesson and its exam lesson. */
export async function demoStudy(journey: Journey) {
  const db = journey.server.context.db;
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'hocvien@khaitri.vn')
    .executeTakeFirstOrThrow();
  const lessons = await db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .innerJoin('lessons', 'lessons.course_id', 'courses.id')
    .select(['courses.slug', 'lessons.id', 'lessons.content_type'])
    .where('enrolments.user_id', '=', learner.id)
    .where('enrolments.source', '=', 'order')
    .where('lessons.type', '=', 'content')
    .orderBy('lessons.position')
    .execute();
  const exam = lessons.find((lesson) => lesson.content_type === 'exam')!;
  return {
    learnerId: learner.id,
    slug: lessons[0]!.slug,
    firstLessonId: lessons[0]!.id,
    examLessonId: exam.id,
    /** The study page with one lesson open (the study page's `bai` parameter). */
    studyPath: (lessonId: number) => `/vao-hoc/${lessons[0]!.slug}?bai=${lessonId}`,
  };
}
