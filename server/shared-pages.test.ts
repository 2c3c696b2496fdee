/**
 * Pages shared by signed-in learners (server/http/page-cache.ts): the home, the course list and a
 * course page are rendered once for everyone signed in and kept in the micro-cache; each learner's
 * own bits come from /ca-nhan.json. Two learners and an anonymous visitor take turns on every shared
 * page (documents and data requests): none ever sees another's name, cart, unread count, enrolment
 * or recommendations, whoever filled the cache; the personal pages are never cached.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/index.ts';
import { createNotification } from '../tests/factories/accounts.ts';
import { browsePage, decodeHtml, signedInLearner, type SignedInLearner } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;
let first: SignedInLearner;
let second: SignedInLearner;
/** A course the first learner is enrolled in (the second is not); another is in their cart. */
let course: { id: number; slug: string; title: string };

const get = (url: string, cookie?: string) => browsePage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, env: { PAGE_CACHE_SECONDS: '60' } });
  await seedDemoData(t.db, { uploadsDir: path.join(t.dataDir, 'uploads') });
  first = await signedInLearner(t, 'Lưu Ánh Dương Thứ Nhất');
  second = await signedInLearner(t, 'Đoàn Bích Ngọc Thứ Hai');
  const rows = await t.db
    .selectFrom('courses')
    .innerJoin('course_pods', 'course_pods.course_id', 'courses.id')
    .select(['courses.id', 'courses.slug', 'courses.title', 'course_pods.id as pod_id'])
    .where('courses.is_published', '=', 1)
    .where('courses.type', '=', 'retail')
    .where('course_pods.price', '>', 0)
    .orderBy('courses.id')
    .execute();
  const row = rows[0]!;
  const other = rows.find((candidate) => candidate.id !== row.id)!;
  course = { id: row.id, slug: row.slug, title: row.title };
  // The first learner: enrolled in the course, one line in the cart, three unread notifications.
  await t.services.enrolments.grantByStaff(first.userId, course.id, 'retail', 365);
  const added = await t.app.inject({
    method: 'PATCH',
    url: '/api/user/cart.json',
    headers: { cookie: first.cookie, origin: 'http://localhost:3000' },
    payload: { pod_id: other.pod_id },
  });
  expect(added.statusCode).toBe(200);
  for (let i = 0; i < 3; i += 1) await createNotification(t.db, first.userId);
});

afterAll(async () => {
  await t?.close();
});

/**
 * Both learners' answers to `url`, in both orders of who fills the cache (emptied before each
 * order, and whatever else is asked before the next order is answered from the same entries).
 */
async function* inBothOrders(url: string) {
  for (const order of [
    [first, second],
    [second, first],
  ]) {
    t.services.cache.invalidate('');
    const answers = [];
    for (const viewer of order) answers.push(await get(url, viewer.cookie));
    yield answers;
  }
}

const SHARED = () => [
  '/',
  '/khoa-hoc',
  `/khoa-hoc/${course.slug}`,
  '/_root.data',
  '/khoa-hoc.data',
  `/khoa-hoc/${course.slug}.data`,
];

describe('pages shared by signed-in learners', () => {
  it('are the same bytes for both learners, name neither, and are never the anonymous page', async () => {
    for (const url of SHARED()) {
      for await (const answers of inBothOrders(url)) {
        const anonymous = await get(url);
        for (const answer of [...answers, anonymous]) {
          expect(answer.statusCode, url).toBe(200);
          const text = decodeHtml(answer.body);
          for (const someone of [first, second]) expect(text, url).not.toContain(someone.name);
          // A signed-in page is never kept by the browser or a proxy.
          if (answer !== anonymous) expect(answer.headers['cache-control']).toBe('private, no-store');
        }
        expect(answers[0]!.headers['x-page-cache'], url).toBe('miss');
        expect(answers[1]!.headers['x-page-cache'], url).toBe('hit');
        expect(answers[1]!.body, url).toBe(answers[0]!.body);
        // The anonymous visitor has a cache entry of their own.
        expect(anonymous.headers['x-page-cache'], url).toBe('miss');
      }
    }
  });

  it("carry no learner's cart count, unread count or enrolment in the page itself", async () => {
    const page = await get(`/khoa-hoc/${course.slug}`, second.cookie);
    expect(page.body).not.toContain('data-testid="cart-count"');
    expect(page.body).not.toContain('data-testid="unread-count"');
    const data = await get(`/khoa-hoc/${course.slug}.data`, second.cookie);
    // The shared render knows someone is signed in, not who: owned is false for everyone.
    expect(decodeHtml(data.body)).toMatch(/"owned",false/);
  });

  it('give each learner only their own bits from /ca-nhan.json, never cached', async () => {
    const url = `/ca-nhan.json?trang=${encodeURIComponent(`/khoa-hoc/${course.slug}`)}`;
    const mine = await get(url, first.cookie);
    const theirs = await get(url, second.cookie);
    const nobody = await get(url);
    for (const answer of [mine, theirs, nobody]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-page-cache']).toBeUndefined();
    }
    expect(mine.json()).toMatchObject({
      viewer: { id: first.userId, fullName: first.name },
      unreadNotifications: 3,
      cartCount: 1,
      page: { owned: true },
    });
    expect(theirs.json()).toMatchObject({
      viewer: { id: second.userId, fullName: second.name },
      unreadNotifications: 0,
      cartCount: 0,
      page: { owned: false },
    });
    expect(theirs.body).not.toContain(first.name);
    expect(nobody.json()).toEqual({ viewer: null, unreadNotifications: 0, cartCount: 0, page: null });
    const home = await get(`/ca-nhan.json?trang=%2F`, second.cookie);
    expect(home.json()).toMatchObject({ page: { recommendations: { items: expect.any(Array) } } });
  });

  it('leaves the personal pages rendered for each learner, never cached', async () => {
    for (const url of [
      '/tai-khoan/khoa-hoc-cua-toi.data',
      '/gio-hang',
      '/tai-khoan/thong-bao',
      `/khoa-hoc/${course.slug}?xem-thu=1`,
    ]) {
      const mine = await get(url, first.cookie);
      const theirs = await get(url, second.cookie);
      expect(mine.headers['x-page-cache'], url).toBeUndefined();
      expect(theirs.headers['x-page-cache'], url).toBeUndefined();
      expect(decodeHtml(theirs.body), url).not.toContain(first.name);
      expect(decodeHtml(mine.body), url).not.toContain(second.name);
    }
    // The first learner's enrolment is theirs alone (the second has only viewed the course).
    const enrolled = decodeHtml((await get('/tai-khoan/khoa-hoc-cua-toi.data', first.cookie)).body);
    const other = decodeHtml((await get('/tai-khoan/khoa-hoc-cua-toi.data', second.cookie)).body);
    expect(enrolled).toContain(course.title);
    expect(enrolled).not.toMatch(/"courses",\[\]/);
    expect(other).toMatch(/"courses",\[\]/);
  });

  it('serve "my courses" as a frame shared by signed-in learners, each list only from their own request', async () => {
    const url = '/tai-khoan/khoa-hoc-cua-toi';
    for await (const answers of inBothOrders(url)) {
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['cache-control']).toBe('private, no-store');
        const text = decodeHtml(answer.body);
        for (const someone of [first, second]) expect(text).not.toContain(someone.name);
        expect(text).not.toContain('data-testid="my-course"');
        expect(text).toContain('Đang tải khóa học của bạn');
      }
      expect(answers.map((answer) => answer.headers['x-page-cache'])).toEqual(['miss', 'hit']);
      expect(answers[1]!.body).toBe(answers[0]!.body);
    }
    // Someone signed out is sent to sign in, never given the frame (nor is the redirect kept).
    for (let i = 0; i < 2; i += 1) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/dang-nhap\?redirect=/);
    }
    // Each learner's list comes from their own request, never cached.
    const bits = `/ca-nhan.json?trang=${encodeURIComponent(url)}`;
    const mine = await get(bits, first.cookie);
    const theirs = await get(bits, second.cookie);
    for (const answer of [mine, theirs]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    const own = mine.json() as { page: { courses: Array<{ id: number; title: string }>; viewed: unknown[] } };
    expect(own.page.courses.map((item) => item.id)).toEqual([course.id]);
    // The second learner only viewed that course (their history, shown as theirs); they own none.
    expect((theirs.json() as { page: { courses: unknown[] } }).page.courses).toEqual([]);
    expect(theirs.body).not.toContain(first.name);
    expect(decodeHtml((await get(bits)).body)).toBe(
      '{"viewer":null,"unreadNotifications":0,"cartCount":0,"page":null}',
    );
  });
});
