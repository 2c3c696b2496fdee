import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudyCourse, createEnrolment } from '../../tests/factories/learning.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createLearningService } from './learning.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const anonymous = (url: string, method: 'GET' | 'PATCH' = 'GET', payload?: object) =>
  t.app.inject({ method, url, remoteAddress: nextClientAddress(), ...(payload ? { payload } : {}) });
const details = (who: Shopper | null, id: number) =>
  who ? who.call('GET', `/api/user/lesson/details.json?id=${id}`) : anonymous(`/api/user/lesson/details.json?id=${id}`);
const log = (who: Shopper, body: object) => who.call('PATCH', '/api/user/lesson/learning_log.json', body);

describe('who may study a lesson (lesson/details.json and learning_log.json)', () => {
  it('opens previews to everyone and the rest to enrolled learners only, with a way to buy or sign in', async () => {
    const { course, lessons } = await createStudyCourse(t.db, {
      course: { price_new: 300_000 },
      videoUrl: '/uploads/video/bai-1.mp4',
    });
    const enrolled = await createShopper(t);
    await createEnrolment(t.db, { userId: enrolled.user.id, courseId: course.id, source: 'order' });
    const expired = await createShopper(t);
    await createEnrolment(t.db, {
      userId: expired.user.id,
      courseId: course.id,
      source: 'order',
      startsAt: new Date(Date.now() - 40 * DAY).toISOString(),
      endsAt: new Date(Date.now() - DAY).toISOString(),
    });
    const stranger = await createShopper(t);

    const anon = await details(null, lessons.video);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Vui lòng đăng nhập để học bài này.',
      fields: { reason: 'anonymous', course_slug: course.slug },
    });
    const notEnrolled = await details(stranger, lessons.video);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().error.fields).toEqual({ reason: 'not_enrolled', course_slug: course.slug });
    expect(notEnrolled.json().error.message).toBe('Bạn chưa đăng ký khóa học này. Hãy mua khóa học để học bài này.');
    const late = await details(expired, lessons.video);
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toMatchObject({
      message: 'Quyền học khóa học này đã hết hạn. Hãy gia hạn để học tiếp.',
      fields: { reason: 'expired', course_slug: course.slug },
    });

    const video = await details(enrolled, lessons.video);
    expect(video.statusCode).toBe(200);
    expect(video.headers['cache-control']).toBe('private, no-store');
    expect(video.json().data).toMatchObject({
      id: lessons.video,
      course_slug: course.slug,
      content_type: 'video',
      access: 'enrolled',
      video_url: '/uploads/video/bai-1.mp4',
      video: { status: 'ready', master_url: '/uploads/video/bai-1.mp4', duration_seconds: 100, rungs: [] },
      is_exam: false,
      progress: null,
    });
    const youtube = await details(enrolled, lessons.youtube);
    expect(youtube.json().data.youtube_id).toBe('M7lc1UVf-VE');
    const exam = await details(enrolled, lessons.exam!);
    expect(exam.json().data).toMatchObject({ is_exam: true, content_type: 'exam' });

    for (const who of [null, stranger, expired]) {
      const preview = await details(who, lessons.intro);
      expect(preview.statusCode).toBe(200);
      expect(preview.json().data).toMatchObject({ access: 'preview', is_preview: true });
      expect(preview.json().data.content).toContain('<h2>Chào mừng bạn</h2>');
      expect(preview.json().data.content).not.toContain('<script>');
    }

    const logAnon = await anonymous('/api/user/lesson/learning_log.json', 'PATCH', {
      lesson_id: lessons.video,
      position: 5,
    });
    expect(logAnon.statusCode).toBe(401);
    expect((await log(stranger, { lesson_id: lessons.video, position: 5 })).statusCode).toBe(403);
    const expiredLog = await log(expired, { lesson_id: lessons.video, position: 5 });
    expect(expiredLog.statusCode).toBe(403);
    expect(expiredLog.json().error.fields.reason).toBe('expired');
    // A signed-in learner's preview keeps its log (for after buying) but no course standing.
    const previewLog = await log(stranger, { lesson_id: lessons.intro, position: 0 });
    expect(previewLog.statusCode).toBe(200);
    expect(previewLog.json().data).toMatchObject({ completed: true, course: null });
    const enrolledLog = await log(enrolled, { lesson_id: lessons.video, position: 12, watched_seconds: 12 });
    expect(enrolledLog.statusCode).toBe(200);
    expect(enrolledLog.json().data).toMatchObject({ position_seconds: 12, resume_seconds: 12, completed: false });
    expect((await details(enrolled, lessons.video)).json().data.progress).toEqual({
      position_seconds: 12,
      resume_seconds: 12,
      watched_seconds: 12,
      completed: false,
    });
    expect((await log(enrolled, { lesson_id: 999_999, position: 1 })).statusCode).toBe(404);
    const invalid = await log(enrolled, { lesson_id: lessons.video, position: -3 });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('the learning log', () => {
  it('keeps the furthest position while the resume point follows the latest client time, idempotently', async () => {
    const { course, lessons } = await createStudyCourse(t.db, { videoSeconds: 600 });
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });
    const write = (position: number, client_time: number, watched_seconds = position) =>
      log(learner, { lesson_id: lessons.video, position, watched_seconds, client_time });

    await write(120, 2_000);
    // The learner went back to 30 s (a later client time) and that write arrived first…
    await write(30, 4_000, 150);
    // …then an older write (client time 3000) arrives late: it neither moves the resume point nor loses the furthest position.
    const late = await write(90, 3_000);
    expect(late.json().data).toMatchObject({ position_seconds: 120, resume_seconds: 30, watched_seconds: 150 });
    const again = await write(90, 3_000);
    expect(again.json().data).toMatchObject({ position_seconds: 120, resume_seconds: 30, watched_seconds: 150 });
    const rows = await t.db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('user_id', '=', learner.user.id)
      .where('lesson_id', '=', lessons.video)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      position_seconds: 120,
      resume_seconds: 30,
      watched_seconds: 150,
      completed_at: null,
    });
    // Writes without a client time take the server's: the newest write sets the resume point.
    const plain = await log(learner, { lesson_id: lessons.video, position: 200, watched_seconds: 160 });
    expect(plain.json().data).toMatchObject({ position_seconds: 200, resume_seconds: 200 });
    // A device whose clock runs far ahead counts as "now", so it cannot pin the resume point.
    await log(learner, { lesson_id: lessons.video, position: 10, client_time: Date.now() + 365 * DAY });
    const after = await log(learner, { lesson_id: lessons.video, position: 180, client_time: Date.now() + 1_000 });
    expect(after.json().data).toMatchObject({ position_seconds: 200, resume_seconds: 180 });
  });

  it('applies the completion rules: 90 % of a video, a passed quiz, an opened text or document', async () => {
    const { course, lessons } = await createStudyCourse(t.db, { videoSeconds: 100 });
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });

    const opened = await log(learner, { lesson_id: lessons.document, position: 0 });
    expect(opened.json().data).toMatchObject({
      completed: true,
      course: { completed_lessons: 1, total_lessons: 5, percent: 20 },
    });

    const half = await log(learner, { lesson_id: lessons.video, position: 50, watched_seconds: 50 });
    expect(half.json().data.completed).toBe(false);
    const tooEarly = await log(learner, {
      lesson_id: lessons.video,
      position: 60,
      watched_seconds: 60,
      completed: true,
    });
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().error.message).toBe('Bạn cần xem ít nhất 90% video để hoàn thành bài học này.');
    const skipped = await log(learner, { lesson_id: lessons.video, position: 99, watched_seconds: 60 });
    expect(skipped.json().data.completed).toBe(false);
    const watched = await log(learner, { lesson_id: lessons.video, position: 95, watched_seconds: 90 });
    expect(watched.json().data).toMatchObject({ completed: true, course: { completed_lessons: 2, percent: 40 } });

    const quizClaim = await log(learner, { lesson_id: lessons.exam!, position: 0, completed: true });
    expect(quizClaim.statusCode).toBe(422);
    expect(quizClaim.json().error.message).toBe('Hãy làm đạt bài kiểm tra để hoàn thành bài học này.');
    expect((await log(learner, { lesson_id: lessons.exam!, position: 0 })).json().data.completed).toBe(false);
    const passed = await t.services.learning.completeLesson(learner.user.id, lessons.exam!);
    expect(passed).toMatchObject({ completed_lessons: 3, percent: 60, last_lesson_id: lessons.exam });

    expect((await log(learner, { lesson_id: lessons.youtube, position: 30 })).json().data.completed).toBe(false);
    const marked = await log(learner, { lesson_id: lessons.youtube, position: 30, completed: true });
    expect(marked.json().data).toMatchObject({ completed: true, course: { completed_lessons: 4, percent: 80 } });

    const curriculum = await learner.call('GET', `/api/user/lesson.json?slug=${course.slug}`);
    const data = curriculum.json().data;
    expect(data.progress).toMatchObject({ percent: 80, completed_lessons: 4, total_lessons: 5, completed_at: null });
    const done = Object.fromEntries(
      data.lessons.flatMap((chapter: { children: { id: number; done: boolean }[] }) =>
        chapter.children.map((lesson) => [lesson.id, lesson.done]),
      ),
    );
    expect(done).toEqual({
      [lessons.intro]: false,
      [lessons.video]: true,
      [lessons.youtube]: true,
      [lessons.document]: true,
      [lessons.exam!]: true,
    });
    const last = await log(learner, { lesson_id: lessons.intro, position: 0 });
    expect(last.json().data.course).toMatchObject({ percent: 100, completed_lessons: 5 });
    expect(last.json().data.course.completed_at).not.toBeNull();
    const publicCurriculum = await anonymous(`/api/user/lesson.json?slug=${course.slug}`);
    expect(publicCurriculum.json().data.progress).toBeNull();
    expect(publicCurriculum.json().data.lessons[0].children[0].done).toBeUndefined();
  });

  it('serves an app-only course like any other: lesson.json names the platform, the installed app decides', async () => {
    // The browser tab and the installed web app send the same requests (the app's display mode is not
    // visible to the server): access follows the enrolment alone; the pages offer the installation.
    const { course, lessons } = await createStudyCourse(t.db, { course: { flatform_type: 'flatform_app' } });
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });
    const curriculum = await learner.call('GET', `/api/user/lesson.json?slug=${course.slug}`);
    expect(curriculum.json().data.flatform_type).toBe('flatform_app');
    expect((await anonymous(`/api/user/lesson.json?slug=${course.slug}`)).json().data.flatform_type).toBe(
      'flatform_app',
    );
    const opened = await details(learner, lessons.video);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ id: lessons.video, access: 'enrolled' });
    // Who may not study it still may not (the platform grants nothing).
    const stranger = await createShopper(t);
    expect((await details(stranger, lessons.video)).statusCode).toBe(403);
    expect((await details(null, lessons.intro)).json().data.access).toBe('preview');

    const web = await createStudyCourse(t.db);
    expect((await anonymous(`/api/user/lesson.json?slug=${web.course.slug}`)).json().data.flatform_type).toBe('');
  });

  it('calls onCourseCompleted exactly once when completions race', async () => {
    const { course, lessons } = await createStudyCourse(t.db, { withExam: false, videoSeconds: 10 });
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });
    const calls: [number, number][] = [];
    const learning = createLearningService({
      db: t.db,
      lessonAccess: t.services.lessonAccess,
      course: t.services.course,
      sanitize: t.services.sanitizeRichContent,
      onCourseCompleted: (userId, courseId) => {
        calls.push([userId, courseId]);
      },
    });
    const userId = learner.user.id;
    await Promise.all([
      ...[lessons.intro, lessons.document, lessons.youtube, lessons.video].flatMap((lessonId) => [
        learning.completeLesson(userId, lessonId),
        learning.completeLesson(userId, lessonId),
      ]),
      learning.writeLog(userId, { lesson_id: lessons.video, position: 10, watched_seconds: 10 }),
      learning.writeLog(userId, { lesson_id: lessons.intro, position: 0 }),
    ]);
    await learning.completeLesson(userId, lessons.video);
    expect(calls).toEqual([[userId, course.id]]);
    const standing = await learning.courseProgress(userId, course.id);
    expect(standing).toMatchObject({ percent: 100, completed_lessons: 4, total_lessons: 4 });
  });
});

describe('my courses (course/my.json)', () => {
  it('lists each enrolled course with progress, last lesson, expiry and state', async () => {
    const learner = await createShopper(t);
    const active = await createStudyCourse(t.db, { course: { title: 'Tiếng Anh giao tiếp' } });
    const limited = await createStudyCourse(t.db, { course: { title: 'Toán 12 nâng cao', price_new: 500_000 } });
    const lapsed = await createStudyCourse(t.db, { course: { title: 'Vật lý 11', price_new: 400_000 } });
    const endsAt = new Date(Date.now() + 30 * DAY).toISOString();
    await createEnrolment(t.db, { userId: learner.user.id, courseId: active.course.id });
    await createEnrolment(t.db, { userId: learner.user.id, courseId: limited.course.id, source: 'order', endsAt });
    await createEnrolment(t.db, {
      userId: learner.user.id,
      courseId: lapsed.course.id,
      source: 'activation',
      startsAt: new Date(Date.now() - 60 * DAY).toISOString(),
      endsAt: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    await log(learner, { lesson_id: active.lessons.intro, position: 0 });
    await log(learner, { lesson_id: active.lessons.video, position: 40, watched_seconds: 40 });

    const response = await learner.call('GET', '/api/user/course/my.json');
    expect(response.statusCode).toBe(200);
    const courses = response.json().data as { id: number }[];
    const byId = new Map(courses.map((course) => [course.id, course]));
    expect(courses).toHaveLength(3);
    expect(byId.get(active.course.id)).toMatchObject({
      title: 'Tiếng Anh giao tiếp',
      state: 'in_progress',
      enrolment: { source: 'free', ends_at: null, active: true },
      progress: { percent: 20, completed_lessons: 1, total_lessons: 5, last_lesson_id: active.lessons.video },
      last_lesson: { id: active.lessons.video, title: 'Video bài giảng' },
      continue_url: `/vao-hoc/${active.course.slug}?bai=${active.lessons.video}`,
    });
    expect(byId.get(limited.course.id)).toMatchObject({
      state: 'in_progress',
      enrolment: { source: 'order', ends_at: endsAt, active: true },
      progress: { percent: 0, completed_lessons: 0, total_lessons: 5 },
      last_lesson: null,
      continue_url: `/vao-hoc/${limited.course.slug}`,
    });
    expect(byId.get(lapsed.course.id)).toMatchObject({ state: 'expired', enrolment: { active: false } });

    const expiredOnly = await learner.call('GET', '/api/user/course/my.json?state=expired');
    expect(expiredOnly.json().data.map((course: { id: number }) => course.id)).toEqual([lapsed.course.id]);
    expect((await anonymous('/api/user/course/my.json')).statusCode).toBe(401);
  });
});
