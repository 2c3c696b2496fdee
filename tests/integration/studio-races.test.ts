/**
 * Studio check-then-write races: the same save sent several times at once never answers 500. A
 * typed unique value (slug, code, path, linked account) is won by one request, the others get a
 * clean 409 in Vietnamese; a slug made from a title moves to the next free one; a set that is
 * replaced (hashtags, combo courses) ends as one save wrote it. The database holds exactly one row.
 * On PostgreSQL the requests really overlap (a pool of connections); on SQLite, better-sqlite3
 * answers synchronously, so work made only of queries runs one request after another and the test
 * checks that the outcome is the same.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUG_TAKEN } from '../../kernel/db/index.ts';
import { createUser } from '../factories/accounts.ts';
import { createCategory, createCourse, createLesson } from '../factories/catalog.ts';
import { signIn } from '../helpers/auth.ts';
import { expectOneWinner, race, RACERS, statusesOf } from '../helpers/race.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db, { role: 'admin' });
  admin = (await signIn(t, user.phone!, user.password)).bearer;
});

afterAll(async () => {
  await t?.close();
});

const save =
  (url: string, payload: (i: number) => object, method: 'POST' | 'PUT' = 'POST') =>
  (i: number) => ({
    method,
    url,
    headers: admin,
    payload: payload(i),
  });

async function count(table: string, column: string, value: string | number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(
    column,
  )} = ${value}`.execute(t.db);
  return Number(rows[0]!.n);
}

describe('a typed unique value: one save wins, the others get 409', () => {
  const cases: Array<{
    name: string;
    request: () => Promise<(i: number) => object>;
    message: string;
    table: string;
    column: string;
    value: string | number | (() => number);
  }> = [
    {
      name: 'post slug',
      request: async () =>
        save('/api/admin/posts.json', (i) => ({ title: `Tin ${i}`, slug: 'tin-dong-thoi', content: '<p>x</p>' })),
      message: SLUG_TAKEN,
      table: 'posts',
      column: 'slug',
      value: 'tin-dong-thoi',
    },
    {
      name: 'hashtag slug',
      request: async () => save('/api/admin/tags.json', (i) => ({ name: `Thẻ ${i}`, slug: 'the-dong-thoi' })),
      message: SLUG_TAKEN,
      table: 'tags',
      column: 'slug',
      value: 'the-dong-thoi',
    },
    {
      name: 'category slug',
      request: async () =>
        save('/api/admin/categories.json', (i) => ({
          type: 'support',
          subtype: 'guide',
          name: `Danh mục ${i}`,
          slug: 'danh-muc-dong-thoi',
          is_active: true,
        })),
      message: SLUG_TAKEN,
      table: 'categories',
      column: 'slug',
      value: 'danh-muc-dong-thoi',
    },
    {
      name: 'help article slug',
      request: async () => {
        const category = await createCategory(t.db, { type: 'support', subtype: 'guide', name: 'Hỗ trợ đồng thời' });
        return save('/api/admin/support-articles.json', (i) => ({
          category_id: category.id,
          title: `Bài ${i}`,
          slug: 'bai-dong-thoi',
          content: '<p>x</p>',
        }));
      },
      message: SLUG_TAKEN,
      table: 'support_articles',
      column: 'slug',
      value: 'bai-dong-thoi',
    },
    {
      name: 'page slug',
      request: async () =>
        save('/api/admin/pages.json', (i) => ({ title: `Trang ${i}`, slug: 'trang-dong-thoi', content: '<p>x</p>' })),
      message: SLUG_TAKEN,
      table: 'pages',
      column: 'slug',
      value: 'trang-dong-thoi',
    },
    {
      name: 'route rule path',
      request: async () =>
        save('/api/admin/route-rules.json', (i) => ({ path: '/dong-thoi', target: `/dich-${i}`, is_active: true })),
      message: 'Đã có quy tắc cho đường dẫn này.',
      table: 'route_rules',
      column: 'path',
      value: '/dong-thoi',
    },
    {
      name: 'promotion code',
      request: async () =>
        save('/api/admin/promotions.json', (i) => ({
          code: 'DONGTHOI26',
          name: `Ưu đãi ${i}`,
          type: 'percentage',
          value: 10,
          starts_at: new Date(Date.now() - 3_600_000).toISOString(),
          ends_at: new Date(Date.now() + 86_400_000).toISOString(),
          is_active: true,
          is_public: false,
        })),
      message: 'Mã giảm giá đã tồn tại.',
      table: 'promotions',
      column: 'code',
      value: 'DONGTHOI26',
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const responses = await race(t, (await c.request()) as never);
      expectOneWinner(responses, c.message);
      expect(await count(c.table, c.column, c.value as string)).toBe(1);
    });
  }

  it('teacher linked to an account', async () => {
    const account = await createUser(t.db, { role: 'teacher' });
    const responses = await race(
      t,
      save('/api/admin/teachers.json', (i) => ({ full_name: `GV ${i}`, user_id: account.id })),
    );
    expect(statusesOf(responses).filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toMatch(/^Tài khoản này đã liên kết với giảng viên GV \d\.$/);
    }
    expect(await count('teachers', 'user_id', account.id)).toBe(1);
  });
});

describe('a staff grant sent several times at once', () => {
  it('grants the course once; the other clicks are told the learner has it', async () => {
    const learner = await createUser(t.db);
    const course = await createCourse(t.db);
    const responses = await race(
      t,
      save(`/api/admin/users/${learner.id}/enrolments.json`, () => ({ course_id: course.id, reason: 'Tặng khóa học' })),
    );
    expect(statusesOf(responses)).toEqual([200, ...Array<number>(RACERS - 1).fill(422)]);
    for (const response of responses.filter((r) => r.statusCode === 422))
      expect(response.json().error.message).toBe('Học viên đã có quyền học khóa này; hãy gia hạn ghi danh hiện có.');
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from enrolments where user_id = ${
      learner.id
    } and course_id = ${course.id}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('a caption attached twice at once', () => {
  it('leaves one caption per language', async () => {
    const course = await createCourse(t.db);
    const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video', title: 'Bài video' });
    const now = new Date().toISOString();
    const asset = await t.db
      .insertInto('video_assets')
      .values({ lesson_id: lesson.id, source_key: 'nguon/bai.mp4', run_after: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nXin chào\n');
    await Promise.all(
      Array.from({ length: RACERS }, () => t.services.video.attachCaption(asset.id, { lang: 'vi', body })),
    );
    expect(await count('video_captions', 'asset_id', asset.id)).toBe(1);
  });
});

describe('a slug made from the name: every save succeeds, each with its own slug', () => {
  const cases = [
    { name: 'courses', url: '/api/admin/courses.json', payload: { title: 'Khóa đồng thời' }, table: 'courses' },
    {
      name: 'posts',
      url: '/api/admin/posts.json',
      payload: { title: 'Bài đồng thời', content: '<p>x</p>' },
      table: 'posts',
    },
    {
      name: 'teachers',
      url: '/api/admin/teachers.json',
      payload: { full_name: 'Giảng viên đồng thời' },
      table: 'teachers',
    },
    {
      name: 'subjects',
      url: '/api/admin/subjects.json',
      payload: { name: 'Chủ đề đồng thời', type: 'topic', is_active: true },
      table: 'subjects',
    },
    {
      name: 'categories',
      url: '/api/admin/categories.json',
      payload: { type: 'post', subtype: 'blog', name: 'Mục đồng thời', is_active: true },
      table: 'categories',
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const responses = await race(
        t,
        save(c.url, () => c.payload),
      );
      expect(statusesOf(responses)).toEqual(Array<number>(RACERS).fill(200));
      const slugs = responses.map((response) => response.json().data.slug as string);
      expect(new Set(slugs).size).toBe(RACERS);
      const base = slugs.find((slug) => !/-\d+$/.test(slug))!;
      expect(slugs.sort()).toEqual([base, ...Array.from({ length: RACERS - 1 }, (_, i) => `${base}-${i + 2}`)].sort());
    });
  }
});

describe('sets that a save replaces', () => {
  it('a new hashtag named by concurrent posts is created once', async () => {
    const responses = await race(
      t,
      save('/api/admin/posts.json', (i) => ({ title: `Có thẻ ${i}`, content: '<p>x</p>', tags: ['Thẻ chung mới'] })),
    );
    expect(statusesOf(responses)).toEqual(Array<number>(RACERS).fill(200));
    expect(await count('tags', 'slug', 'the-chung-moi')).toBe(1);
  });

  it('a post saved several times at once keeps one set of hashtags', async () => {
    const post = (
      await t.app.inject(save('/api/admin/posts.json', () => ({ title: 'Sửa đồng thời', content: '<p>x</p>' }))(0))
    ).json().data as { id: number };
    const responses = await race(
      t,
      save(
        `/api/admin/posts/${post.id}.json`,
        () => ({ title: 'Sửa đồng thời', content: '<p>y</p>', tags: ['Một', 'Hai'] }),
        'PUT',
      ),
    );
    expect(statusesOf(responses)).toEqual(Array<number>(RACERS).fill(200));
    expect(await count('post_tags', 'post_id', post.id)).toBe(2);
  });

  it('a hashtag merged several times at once leaves each post with the kept one', async () => {
    const post = (
      await t.app.inject(
        save('/api/admin/posts.json', () => ({ title: 'Gộp thẻ', content: '<p>x</p>', tags: ['Cũ gộp', 'Mới gộp'] }))(
          0,
        ),
      )
    ).json().data as { id: number; tags: Array<{ id: number; slug: string }> };
    const from = post.tags.find((tag) => tag.slug === 'cu-gop')!;
    const into = post.tags.find((tag) => tag.slug === 'moi-gop')!;
    const responses = await race(
      t,
      save(`/api/admin/tags/${from.id}/merge.json`, () => ({ into_id: into.id })),
    );
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Không tìm thấy hashtag.');
    }
    expect(await count('post_tags', 'post_id', post.id)).toBe(1);
    expect(await count('tags', 'slug', 'cu-gop')).toBe(0);
  });

  it('a combo saved several times at once keeps one set of courses', async () => {
    const combo = await createCourse(t.db, { title: 'Combo đồng thời', type: 'combo' });
    const [a, b] = [await createCourse(t.db, { title: 'Con A' }), await createCourse(t.db, { title: 'Con B' })];
    const responses = await race(
      t,
      save(`/api/admin/courses/${combo.id}/children.json`, () => ({ child_ids: [a.id, b.id] }), 'PUT'),
    );
    expect(statusesOf(responses)).toEqual(Array<number>(RACERS).fill(200));
    expect(await count('course_children', 'combo_id', combo.id)).toBe(2);
  });
});
