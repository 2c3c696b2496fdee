import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createPost } from '../../tests/factories/content.ts';
import { createTestContext, currentEngine, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

interface SearchBody {
  data: Array<{ title: string; title_html: string }>;
  meta: { total: number; suggestion: string | null };
}

async function search(q: string): Promise<SearchBody> {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/search.json?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, q).toBe(200);
  return response.json();
}

async function suggest(q: string, limit?: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/search/suggest.json?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
  });
  expect(response.statusCode, q).toBe(200);
  return response.json() as {
    data: Array<{ kind: string; title: string; url: string }>;
    meta: { suggestion: string | null };
  };
}

const titles = (body: SearchBody) => body.data.map((hit) => hit.title);

beforeAll(async () => {
  t = await createTestContext();
  await createCourse(t.db, { title: 'Tiếng Anh giao tiếp', summary: 'Luyện nói mỗi ngày', published_at: daysAgo(1) });
  await createCourse(t.db, {
    title: 'Toán tư duy cho bé',
    summary: 'Phát triển tư duy logic',
    published_at: daysAgo(2),
  });
  await createCourse(t.db, { title: 'Tiếng Việt lớp 5', summary: 'Chính tả và tập làm văn', published_at: daysAgo(3) });
  await createCourse(t.db, { title: 'Luyện thi đại học môn Toán', summary: 'Đề thi thử', published_at: daysAgo(4) });
  await createPost(t.db, {
    title: 'Người mẹ và trường học',
    content: '<p>Câu chuyện về một ngôi trường.</p>',
    published_at: daysAgo(5),
  });
  // `cos` is a word of the index here (cos, sin, tan): typed as is, it is not read as Telex `có`.
  await createPost(t.db, {
    title: 'Lượng giác: cos và sin',
    content: '<p>Công thức cos 2x.</p>',
    published_at: daysAgo(6),
  });
  await createPost(t.db, { title: 'Có nên học thêm?', content: '<p>Lời khuyên.</p>', published_at: daysAgo(7) });
});

afterAll(async () => {
  await t.close();
});

describe(`typo correction on ${currentEngine()}`, () => {
  it('corrects a typo word by word and says what it searched', async () => {
    const swapped = await search('tieng ahn');
    expect(titles(swapped)).toEqual(['Tiếng Anh giao tiếp']);
    expect(swapped.meta.suggestion).toBe('tiếng anh');
    expect(swapped.data[0]!.title_html).toBe('<mark>Tiếng</mark> <mark>Anh</mark> giao tiếp');

    const doubled = await search('toan tu duyy');
    expect(titles(doubled)).toEqual(['Toán tư duy cho bé']);
    expect(doubled.meta.suggestion).toBe('toán tư duy');

    const wrongLetter = await search('luyen thi dai hpc');
    expect(titles(wrongLetter)).toEqual(['Luyện thi đại học môn Toán']);
    expect(wrongLetter.meta.suggestion).toBe('luyện thi đại học');
  });

  it('splits words typed together', async () => {
    const together = await search('tienganh');
    expect(titles(together)).toEqual(['Tiếng Anh giao tiếp']);
    expect(together.meta.suggestion).toBe('tiếng anh');
    expect((await search('toantuduy')).meta.suggestion).toBe('toán tư duy');
  });

  it('reads words typed in Telex or VNI that the keyboard did not convert', async () => {
    for (const typed of ['tieengs anh', 'tiesng anh'.replace('tiesng', 'tieesng'), 'tie6ng1 anh', 'tieng61 anh']) {
      const body = await search(typed);
      expect(titles(body), typed).toEqual(['Tiếng Anh giao tiếp']);
      expect(body.meta.suggestion, typed).toBe('tiếng anh');
    }
    const telex = await search('nguwowif mej');
    expect(titles(telex)).toEqual(['Người mẹ và trường học']);
    expect(telex.meta.suggestion).toBe('người mẹ');
    expect((await search('truwowngf'))!.meta.suggestion).toBe('trường');
  });

  it('ranks the words with the marks typed in Telex first (tieengs viet → Tiếng Việt)', async () => {
    const body = await search('tieengs vieetj');
    expect(titles(body)).toEqual(['Tiếng Việt lớp 5']);
    expect(body.meta.suggestion).toBe('tiếng việt');
  });

  it('keeps a known word as typed even when it reads as Telex (cos is not có here)', async () => {
    const body = await search('cos');
    expect(titles(body)).toEqual(['Lượng giác: cos và sin']);
    expect(body.meta.suggestion).toBeNull();
  });

  it('offers no suggestion when the query finds something, or when nothing comes close', async () => {
    const found = await search('tieng anh');
    expect(titles(found)).toEqual(['Tiếng Anh giao tiếp']);
    expect(found.meta.suggestion).toBeNull();
    const nothing = await search('qwxzv');
    expect(nothing.data).toEqual([]);
    expect(nothing.meta).toMatchObject({ total: 0, suggestion: null });
  });

  it('keeps the words and variants of documents written now (a new word corrects at once)', async () => {
    await createPost(t.db, { title: 'Đàn kalimba cho người mới', content: '<p>x</p>', published_at: daysAgo(1) });
    const body = await search('kalimab');
    expect(titles(body)).toEqual(['Đàn kalimba cho người mới']);
    expect(body.meta.suggestion).toBe('kalimba');
  });

  it('fills the words and their variants from the documents already indexed (migration)', async () => {
    const migration = await import('../../db/migrations/2026-11-25T2127-search-typos.ts');
    await migration.down(t.db as never);
    await migration.up(t.db as never);
    const { rows } = await sql<{ word: string }>`
      select word from search_word_variants where variant in ('tiengh', 'kalimb') order by word`.execute(t.db);
    expect(rows.map((row) => row.word)).toEqual(['kalimba']);
    expect((await search('tieng ahn')).meta.suggestion).toBe('tiếng anh');
  });
});

describe(`suggestions while typing on ${currentEngine()}`, () => {
  it('offers the titles that start with the words being typed, the last one a prefix', async () => {
    const body = await suggest('tieng a');
    expect(body.data).toEqual([
      { kind: 'course', title: 'Tiếng Anh giao tiếp', url: expect.stringMatching(/^\/khoa-hoc\//) },
    ]);
    expect(body.meta.suggestion).toBeNull();
    expect((await suggest('tie')).data.map((item) => item.title).sort()).toEqual([
      'Tiếng Anh giao tiếp',
      'Tiếng Việt lớp 5',
    ]);
  });

  it('offers titles only, at most the limit asked', async () => {
    // `ngay` is in a body only (Luyện nói mỗi ngày): not a suggestion.
    expect((await suggest('ngay')).data).toEqual([]);
    expect((await suggest('t', 1)).data).toHaveLength(1);
  });

  it('corrects typos, Telex and run-together words while typing', async () => {
    for (const typed of ['tieng ahn', 'tienganh', 'tieengs anh', 'tie6ng1 an']) {
      const body = await suggest(typed);
      expect(
        body.data.map((item) => item.title),
        typed,
      ).toContain('Tiếng Anh giao tiếp');
      expect(body.meta.suggestion, typed).toMatch(/^tiếng an/);
    }
  });

  it('answers an empty list for empty or hostile input, and 400 past the limits', async () => {
    for (const value of ['', '   ', '"*', 'NEAR(a b)', "' OR 1=1 --", ':*'])
      expect((await suggest(value)).data).toEqual([]);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/user/search/suggest.json?q=${'x'.repeat(201)}` });
    expect(tooLong.statusCode).toBe(400);
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/user/search/suggest.json?q=tie&limit=50' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('is described in the OpenAPI document, with the suggestion of the search', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const text = response.body;
    expect(text).toContain('/api/user/search/suggest.json');
    expect(
      JSON.parse(text).paths['/api/user/search.json'].get.responses['200'].content['application/json'].schema.properties
        .meta.properties.suggestion,
    ).toBeDefined();
  });
});
