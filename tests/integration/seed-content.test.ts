/**
 * The demo data reads like a real catalogue: every text a visitor sees is written for its own
 * item. Guards against copy pasted across courses, quizzes that ask about another subject, banners
 * titled with internal placement names, and placeholder words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT_TEXT } from '../../app/components/studio/site-labels.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ seed: true });
});

afterAll(async () => {
  await t?.close();
});

/** The values that appear more than once (compared without case and surrounding spaces). */
function repeated(values: Array<string | null>): string[] {
  const seen = new Map<string, number>();
  for (const value of values) {
    if (value === null) continue;
    const key = value.trim().toLowerCase();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([value]) => value);
}

/** Words of placeholder text, or of the factories' defaults, that must never reach the demo. */
const PLACEHOLDER = /lorem|ipsum|placeholder|^banner \d+$|^mục \d+$|^trang \d+$|^khóa học \d+$|^tóm tắt |TODO/i;

describe('the demo catalogue', () => {
  it('gives every course its own summary, description and level, and never promises exams to a non-exam course', async () => {
    const courses = await t.db.selectFrom('courses').select(['title', 'summary', 'description', 'level']).execute();
    expect(courses.length).toBeGreaterThanOrEqual(64);
    expect(repeated(courses.map((course) => course.description))).toEqual([]);
    expect(repeated(courses.map((course) => course.summary))).toEqual([]);
    for (const course of courses) {
      expect(course.summary ?? '', course.title).not.toMatch(PLACEHOLDER);
      expect(course.description ?? '', course.title).toContain('<h2>Dành cho ai</h2>');
      expect(['Cơ bản', 'Trung bình', 'Nâng cao'], course.title).toContain(course.level);
    }
    const speaking = courses.find((course) => course.title === 'Luyện nói cùng trợ lý ảo')!;
    expect(speaking.description).not.toMatch(/đề thi/);
  });

  it('gives each course distinct lesson titles and its own chapters', async () => {
    const lessons = await t.db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select(['courses.title as course', 'lessons.title', 'lessons.type'])
      .execute();
    const byCourse = new Map<string, string[]>();
    for (const lesson of lessons) byCourse.set(lesson.course, [...(byCourse.get(lesson.course) ?? []), lesson.title]);
    for (const [course, titles] of byCourse) expect(repeated(titles), course).toEqual([]);
    // Chapters and lessons after the opening one are the course's own, not one list for all.
    const chapters = lessons.filter((lesson) => lesson.type === 'category').map((lesson) => lesson.title);
    expect(new Set(chapters).size).toBeGreaterThan(byCourse.size);
  });

  it('asks each course its own quiz questions, each with a right answer', async () => {
    const questions = await t.db
      .selectFrom('quiz_questions')
      .innerJoin('lessons', 'lessons.id', 'quiz_questions.lesson_id')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select(['quiz_questions.id', 'quiz_questions.kind', 'quiz_questions.prompt', 'courses.title as course'])
      .execute();
    expect(questions.length).toBeGreaterThanOrEqual(64 * 3);
    // A question text belongs to one course only.
    const coursesOf = new Map<string, Set<string>>();
    for (const question of questions)
      coursesOf.set(question.prompt, (coursesOf.get(question.prompt) ?? new Set()).add(question.course));
    expect([...coursesOf].filter(([, courses]) => courses.size > 1).map(([prompt]) => prompt)).toEqual([]);

    const options = await t.db.selectFrom('quiz_options').select(['question_id', 'label', 'is_correct']).execute();
    for (const question of questions) {
      const own = options.filter((option) => option.question_id === question.id);
      const correct = own.filter((option) => option.is_correct === 1).length;
      expect(repeated(own.map((option) => option.label)), question.prompt).toEqual([]);
      if (question.kind === 'single') expect(correct, question.prompt).toBe(1);
      else expect(correct, question.prompt).toBeGreaterThanOrEqual(2);
    }
    const thinking = questions.filter((question) => question.course === 'Toán tư duy cho học sinh tiểu học');
    expect(thinking.map((question) => question.prompt).join(' ')).not.toMatch(/thủ đô/i);
  });

  it('never repeats a review within a course', async () => {
    const reviews = await t.db.selectFrom('course_reviews').select(['course_id', 'comment']).execute();
    const byCourse = new Map<number, string[]>();
    for (const review of reviews)
      byCourse.set(review.course_id, [...(byCourse.get(review.course_id) ?? []), review.comment ?? '']);
    for (const [course, comments] of byCourse) expect(repeated(comments), String(course)).toEqual([]);
  });

  it('gives every teacher their own biography', async () => {
    const teachers = await t.db.selectFrom('teachers').select(['full_name', 'bio']).execute();
    expect(repeated(teachers.map((teacher) => teacher.bio))).toEqual([]);
  });
});

describe('the demo site content', () => {
  it('titles banners with messages, never with internal placement names', async () => {
    const banners = await t.db.selectFrom('banners').select(['title', 'placement', 'is_active', 'type']).execute();
    const internal = new Set(Object.values(PLACEMENT_TEXT).map((name) => name.toLowerCase()));
    for (const banner of banners) {
      expect(internal.has(banner.title.trim().toLowerCase()), banner.title).toBe(false);
      expect(banner.title, banner.title).not.toMatch(/^(trang chủ|cổng thi|chân trang)\s*[—-]/i);
      expect(banner.title).not.toMatch(PLACEHOLDER);
    }
    const live = banners.filter((banner) => banner.is_active === 1 && banner.type === 'banner');
    expect(repeated(live.map((banner) => banner.title))).toEqual([]);
    // A modest set: the home page carries at most the carousel and two banner blocks.
    const home = live.filter((banner) => [8, 9, 16, 17, 18, 19].includes(banner.placement));
    expect(home.length).toBeLessThanOrEqual(2);
  });

  it('writes each news post, help article, solution, exam and press mention for itself', async () => {
    const posts = await t.db.selectFrom('posts').select(['type', 'title', 'summary', 'content']).execute();
    for (const type of ['post', 'solution', 'exam_gate', 'feedback', 'intro'] as const) {
      const ofType = posts.filter((post) => post.type === type);
      expect(repeated(ofType.map((post) => post.summary)), type).toEqual([]);
      // Bodies differ once their titles are taken out.
      expect(repeated(ofType.map((post) => post.content.replaceAll(post.title, ''))), type).toEqual([]);
    }
    const help = await t.db.selectFrom('support_articles').select(['summary']).execute();
    expect(repeated(help.map((article) => article.summary))).toEqual([]);
    const media = await t.db.selectFrom('media').select(['group_name', 'description']).execute();
    expect(repeated(media.filter((item) => item.group_name === 'press').map((item) => item.description))).toEqual([]);
    const notifications = await t.db.selectFrom('notifications').select(['title', 'body']).execute();
    for (const notification of notifications) expect(notification.body).not.toMatch(PLACEHOLDER);
  });
});
