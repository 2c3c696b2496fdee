/**
 * "Gợi ý cho bạn" through the real app: `/restapi/page/getpagedata` and the home page. A learner
 * following a subject gets that subject's courses, a learner who viewed a course gets its
 * neighbours, owned courses never show, two learners see their own lists (never a cached one),
 * and anonymous visitors get the most popular courses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCourse, createSubject } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { getPage } from '../../tests/helpers/auth.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let math: number[];
let english: number[];
let popular: number[];
let mathTopic: number;

interface Answer {
  source: 'personal' | 'popular';
  items: Array<{ id: number; title: string }>;
}

async function recommendationsOf(learner: Shopper | null) {
  const response = learner
    ? await learner.call('GET', '/restapi/page/getpagedata?placements=1')
    : await t.app.inject({ method: 'GET', url: '/restapi/page/getpagedata?placements=1' });
  expect(response.statusCode).toBe(200);
  return { answer: response.json().data.recommendations as Answer, headers: response.headers };
}

const ids = (answer: Answer) => answer.items.map((item) => item.id);

beforeAll(async () => {
  t = await createTestContext({ pages: true });
  const mathCategory = await createCategory(t.db, { type: 'course', slug: 'toan', name: 'Toán' });
  const englishCategory = await createCategory(t.db, { type: 'course', slug: 'anh', name: 'Tiếng Anh' });
  const otherCategory = await createCategory(t.db, { type: 'course', slug: 'khac', name: 'Kỹ năng' });
  mathTopic = (await createSubject(t.db, { type: 'topic', slug: 'toan-tu-duy', name: 'Toán tư duy' })).id;
  const englishTopic = (await createSubject(t.db, { type: 'topic', slug: 'giao-tiep', name: 'Giao tiếp' })).id;
  const course = (title: string, category: number, subjects: number[], enrolments: number) =>
    createCourse(
      t.db,
      { title, category_id: category, enrolment_count: enrolments },
      { subjectIds: subjects, pods: [{ cycle: 5, price: 199_000 }] },
    ).then((row) => row.id);
  math = [
    await course('Hàm số lớp 12', mathCategory.id, [mathTopic], 30),
    await course('Hình học không gian', mathCategory.id, [mathTopic], 20),
    await course('Xác suất cho học sinh', mathCategory.id, [mathTopic], 10),
  ];
  english = [
    await course('Tiếng Anh công sở', englishCategory.id, [englishTopic], 40),
    await course('Luyện nghe mỗi ngày', englishCategory.id, [englishTopic], 35),
    await course('Phát âm giọng Mỹ', englishCategory.id, [englishTopic], 25),
  ];
  // The most popular courses belong to neither topic.
  popular = [
    await course('Quản lý thời gian', otherCategory.id, [], 9_000),
    await course('Thuyết trình tự tin', otherCategory.id, [], 8_000),
  ];
});

afterAll(async () => {
  await t?.close();
});

describe('recommendations', () => {
  it('gives a learner following a subject that subject’s courses, privately', async () => {
    const learner = await createShopper(t);
    expect((await learner.call('PATCH', '/api/user/subject/like.json', { subject_id: mathTopic })).statusCode).toBe(
      200,
    );
    const { answer, headers } = await recommendationsOf(learner);
    expect(answer.source).toBe('personal');
    // The subject's courses first, the most popular of them first; then popular ones fill the list.
    expect(ids(answer).slice(0, 3)).toEqual(math);
    expect(ids(answer).slice(3, 5)).toEqual(popular);
    expect(headers['cache-control']).toBe('private, no-store');
  });

  it('leaves out the courses the learner owns', async () => {
    const learner = await createShopper(t);
    await learner.call('PATCH', '/api/user/subject/like.json', { subject_id: mathTopic });
    await createEnrolment(t.db, { userId: learner.user.id, courseId: math[0]! });
    await createEnrolment(t.db, { userId: learner.user.id, courseId: popular[0]! });
    const { answer } = await recommendationsOf(learner);
    expect(ids(answer).slice(0, 2)).toEqual([math[1], math[2]]);
    expect(ids(answer)).not.toContain(math[0]);
    // Owned courses stay out of the popular fill too.
    expect(ids(answer)).not.toContain(popular[0]);
  });

  it('shows two learners their own lists: one follows Toán, the other viewed an English course', async () => {
    const follower = await createShopper(t);
    await follower.call('PATCH', '/api/user/subject/like.json', { subject_id: mathTopic });
    const viewer = await createShopper(t);
    expect((await viewer.call('GET', `/api/user/course/details.json?id=${english[2]}`)).statusCode).toBe(200);

    const first = (await recommendationsOf(follower)).answer;
    const second = (await recommendationsOf(viewer)).answer;
    expect(second.source).toBe('personal');
    // The viewed course's category and subject bring its neighbours, most popular first.
    expect(ids(second).slice(0, 3)).toEqual(english);
    expect(ids(first).slice(0, 3)).toEqual(math);
    expect(ids(first)).not.toEqual(ids(second));
  });

  it('falls back to the most popular courses for anonymous visitors and learners without signals', async () => {
    const anonymous = await recommendationsOf(null);
    expect(anonymous.answer.source).toBe('popular');
    expect(ids(anonymous.answer).slice(0, 4)).toEqual([...popular, english[0], english[1]]);
    expect(anonymous.headers['cache-control']).toBeUndefined();

    const newcomer = await createShopper(t);
    const fresh = (await recommendationsOf(newcomer)).answer;
    expect(fresh.source).toBe('popular');
    expect(ids(fresh)).toEqual(ids(anonymous.answer));
  });

  it('renders on the home page per viewer: the micro-cached anonymous page never shows a learner’s list', async () => {
    const learner = await createShopper(t);
    await learner.call('PATCH', '/api/user/subject/like.json', { subject_id: mathTopic });
    const cookie = learner.session.cookie.cookie;
    const section = (html: string) => /data-testid="recommendations"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';

    const before = section((await getPage(t, '/')).body);
    const mine = section((await getPage(t, '/', cookie)).body);
    const after = section((await getPage(t, '/')).body);
    expect(mine).toContain('Theo chủ đề bạn quan tâm');
    for (const title of ['Hàm số lớp 12', 'Hình học không gian', 'Xác suất cho học sinh'])
      expect(mine).toContain(title);
    for (const html of [before, after]) {
      expect(html).toContain('Những khóa học được nhiều học viên chọn nhất');
      expect(html).toContain('Quản lý thời gian');
      expect(html).not.toContain('Theo chủ đề bạn quan tâm');
    }
  });
});
