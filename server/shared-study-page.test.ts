/**
 * The study page shared by the learners enrolled in its course (server/http/page-cache.ts): the
 * document of `/vao-hoc/{slug}?bai={id}` is rendered once for everyone whose enrolment is active,
 * without anyone's progress, and each learner's marks come from /ca-nhan.json. Whoever filled the
 * cache, a learner without an active enrolment never gets it, and nobody sees another's progress.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/index.ts';
import { browsePage, decodeHtml, signedInLearner, type SignedInLearner } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;
let first: SignedInLearner;
let second: SignedInLearner;
let outsider: SignedInLearner;
let lapsed: SignedInLearner;
let course: { id: number; slug: string };
let lesson: { id: number; title: string };
let studyUrl: string;

const get = (url: string, cookie?: string) => browsePage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, env: { PAGE_CACHE_SECONDS: '60' } });
  await seedDemoData(t.db, { uploadsDir: path.join(t.dataDir, 'uploads') });
  first = await signedInLearner(t, 'Trịnh Gia Bảo Học Viên Một');
  second = await signedInLearner(t, 'Hà Thảo Vy Học Viên Hai');
  outsider = await signedInLearner(t, 'Lâm Quốc Việt Chưa Mua');
  lapsed = await signedInLearner(t, 'Kiều Minh Tâm Hết Hạn');
  // A course with a text lesson that is not a free preview.
  const row = await t.db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select(['courses.id as course_id', 'courses.slug', 'lessons.id', 'lessons.title'])
    .where('courses.is_published', '=', 1)
    .where('lessons.type', '=', 'content')
    .where('lessons.content_type', '=', 'paragraph')
    .where('lessons.is_preview', '=', 0)
    .orderBy('lessons.id')
    .executeTakeFirstOrThrow();
  course = { id: row.course_id, slug: row.slug };
  lesson = { id: row.id, title: row.title };
  studyUrl = `/vao-hoc/${course.slug}?bai=${lesson.id}`;
  for (const someone of [first, second, lapsed]) {
    await t.services.enrolments.grantByStaff(someone.userId, course.id, 'retail', 365);
  }
  await t.db
    .updateTable('enrolments')
    .set({ starts_at: '2020-01-01T00:00:00.000Z', ends_at: '2020-02-01T00:00:00.000Z' })
    .where('user_id', '=', lapsed.userId)
    .execute();
  // The first learner has finished the lesson; the second has not opened it.
  await t.services.learning.writeLog(first.userId, { lesson_id: lesson.id, position: 0, client_time: 0 });
});

afterAll(async () => {
  await t?.close();
});

describe('the study page shared by enrolled learners', () => {
  it('is the same frame for both enrolled learners in both orders, with the lesson and nobody’s progress', async () => {
    for (const order of [
      [first, second],
      [second, first],
    ]) {
      t.services.cache.invalidate('');
      const answers = [];
      for (const viewer of order) answers.push(await get(studyUrl, viewer.cookie));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['cache-control']).toBe('private, no-store');
        const text = decodeHtml(answer.body);
        expect(text).toContain(lesson.title);
        for (const someone of [first, second]) expect(text).not.toContain(someone.name);
        expect(text).not.toContain('Bạn đã hoàn thành bài học này');
        expect(text).not.toContain('Đã hoàn thành');
        expect(text).not.toContain('Bài học dành cho học viên');
      }
      expect(answers.map((answer) => answer.headers['x-page-cache'])).toEqual(['miss', 'hit']);
      expect(answers[1]!.body).toBe(answers[0]!.body);
    }
  });

  it('is never given to a learner without an active enrolment, nor to a visitor, whoever filled it', async () => {
    t.services.cache.invalidate('');
    expect((await get(studyUrl, first.cookie)).headers['x-page-cache']).toBe('miss');
    for (const [viewer, denial] of [
      [outsider, 'Bài học dành cho học viên của khóa học'],
      [lapsed, 'Quyền học đã hết hạn'],
      [undefined, 'Đăng nhập để học bài này'],
    ] as const) {
      const answer = await get(studyUrl, viewer?.cookie);
      expect(answer.statusCode).toBe(200);
      const text = decodeHtml(answer.body);
      expect(text).toContain(denial);
      if (viewer) expect(answer.headers['x-page-cache']).toBeUndefined();
    }
    // Other forms of the address are rendered for the learner: no lesson, extra parameters, another course's slug.
    const otherCourse = await t.db
      .selectFrom('courses')
      .select('slug')
      .where('id', '!=', course.id)
      .where('is_published', '=', 1)
      .executeTakeFirstOrThrow();
    for (const url of [
      `/vao-hoc/${course.slug}`,
      `${studyUrl}&xem=1`,
      `/vao-hoc/${otherCourse.slug}?bai=${lesson.id}`,
      `/vao-hoc/${course.slug}.data?bai=${lesson.id}`,
    ]) {
      const answer = await get(url, first.cookie);
      expect(answer.headers['x-page-cache'], url).toBeUndefined();
    }
  });

  it("sends each learner only their own marks and the lesson's progress from /ca-nhan.json", async () => {
    const bits = `/ca-nhan.json?trang=${encodeURIComponent(studyUrl)}`;
    const mine = await get(bits, first.cookie);
    const theirs = await get(bits, second.cookie);
    for (const answer of [mine, theirs]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(mine.json()).toMatchObject({
      viewer: { id: first.userId },
      page: { done: [lesson.id], lesson: { id: lesson.id, progress: { completed: true } } },
    });
    expect(theirs.json()).toMatchObject({
      viewer: { id: second.userId },
      page: { done: [], lesson: { id: lesson.id, progress: null } },
    });
    expect(theirs.body).not.toContain(first.name);
    // A client navigation's data request is the learner's own page (marks included), never cached.
    const data = await get(`/vao-hoc/${course.slug}.data?bai=${lesson.id}`, first.cookie);
    expect(data.headers['x-page-cache']).toBeUndefined();
    const text = decodeHtml(data.body);
    expect(text).toContain('"frame",false');
    expect(text).toContain('"doneCount",1');
  });
});
