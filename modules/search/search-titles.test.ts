import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as searchTitles from '../../db/migrations/2026-11-22T0860-search-titles.ts';
import * as searchSegments from '../../db/migrations/2026-11-22T0990-search-segments.ts';
import * as searchTitlePrefixes from '../../db/migrations/2026-11-22T1000-search-title-prefixes.ts';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createPost } from '../../tests/factories/content.ts';
import { createTestContext, currentEngine, type TestContext } from '../../tests/helpers/test-app.ts';

/** The service's TITLE_CANDIDATES_ENOUGH: this many title matches answer without the body index. */
const ENOUGH = 60;
let t: TestContext;

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/search.json?${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json() as {
    data: Array<{ title: string; title_html: string }>;
    meta: { total: number; facets: Record<string, number> };
  };
}

beforeAll(async () => {
  t = await createTestContext();
  for (let i = 1; i <= ENOUGH; i += 1) {
    await createPost(t.db, { title: `Thiên văn học phần ${i}`, content: '<p>Quan sát bầu trời đêm.</p>' });
  }
  await createPost(t.db, { title: 'Ngắm bầu trời đêm', content: '<p>Kiến thức thiên văn cho người mới.</p>' });
  await createCourse(t.db, { title: 'Sao chổi và tiểu hành tinh', summary: 'Nhập môn thiên văn nghiệp dư' });
});

afterAll(async () => {
  await t.close();
});

describe(`search, titles first, on ${currentEngine()}`, () => {
  it('answers from the titles alone when they match enough documents, on every page and facet alike', async () => {
    const first = await search('q=thien%20van&limit=20');
    expect(first.meta.total).toBe(ENOUGH);
    expect(first.meta.facets).toEqual({ course: 0, post: ENOUGH, support: 0 });
    expect(first.data.every((hit) => hit.title_html.startsWith('<mark>Thiên</mark> <mark>văn</mark>'))).toBe(true);
    const last = await search('q=thien%20van&limit=20&page=3');
    expect(last.meta.total).toBe(ENOUGH);
    expect(last.data).toHaveLength(20);
    expect((await search('q=thien%20van&limit=20&page=4')).data).toEqual([]);
    const posts = await search('q=thien%20van&kind=post');
    expect(posts.meta.total).toBe(ENOUGH);
  });

  it('falls back to titles and bodies when the titles match too few, title matches first', async () => {
    const body = await search(`q=${encodeURIComponent('bầu trời')}`);
    expect(body.meta.total).toBe(ENOUGH + 1);
    expect(body.data[0]!.title).toBe('Ngắm bầu trời đêm');
    const onlyInBodies = await search('q=nghiep%20du');
    expect(onlyInBodies.data.map((hit) => hit.title)).toEqual(['Sao chổi và tiểu hành tinh']);
  });

  it('takes every word as a prefix in titles, and the last word as a prefix in bodies', async () => {
    expect((await search('q=ngam%20bau%20tro')).data.map((hit) => hit.title)).toEqual(['Ngắm bầu trời đêm']);
    expect((await search('q=nga%20ba%20tro')).data.map((hit) => hit.title)).toEqual(['Ngắm bầu trời đêm']);
    expect((await search('q=nhap%20mon%20thien%20va&sort=date')).data.map((hit) => hit.title)).toEqual([
      'Sao chổi và tiểu hành tinh',
    ]);
    expect((await search('q=nha%20mo%20thien%20va')).data).toEqual([]);
  });

  it('reads the whole index when sorting by date or content', async () => {
    for (const sort of ['date', 'content']) {
      const all = await search(`q=thien%20van&sort=${sort}`);
      expect(all.meta.total, sort).toBe(ENOUGH + 2);
      expect(all.meta.facets, sort).toEqual({ course: 1, post: ENOUGH + 1, support: 0 });
    }
  });

  it('keeps the indexed documents through the migrations down and up again', async () => {
    const documents = await t.db.selectFrom('search_documents').select('id').orderBy('id').execute();
    // The later search migrations first, as a rollback would.
    await searchTitlePrefixes.down(t.db as never);
    await searchSegments.down(t.db as never);
    await searchTitles.down(t.db as never);
    try {
      if (currentEngine() === 'postgres') {
        const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'search_documents'`.execute(t.db);
        expect(columns.rows.map((row) => row.name)).not.toContain('title_vector');
      } else {
        const tables = await sql<{ name: string }>`select name from sqlite_master where name like 'search%fts'`.execute(
          t.db,
        );
        expect(tables.rows.map((row) => row.name)).toEqual(['search_fts']);
        const indexed = await sql<{ rowid: number }>`select rowid from search_fts`.execute(t.db);
        expect(indexed.rows).toHaveLength(documents.length);
      }
    } finally {
      await searchTitles.up(t.db as never);
      await searchSegments.up(t.db as never);
      await searchTitlePrefixes.up(t.db as never);
    }
    expect(await t.db.selectFrom('search_documents').select('id').orderBy('id').execute()).toEqual(documents);
    expect((await search('q=thien%20van')).meta.total).toBe(ENOUGH);
    expect((await search('q=nghiep%20du')).data.map((hit) => hit.title)).toEqual(['Sao chổi và tiểu hành tinh']);
    await createPost(t.db, { title: 'Sao băng tháng tám', content: '<p>Mưa sao băng.</p>' });
    expect((await search('q=sao%20bang')).data.map((hit) => hit.title)).toEqual(['Sao băng tháng tám']);
  });
});
