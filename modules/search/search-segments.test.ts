import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_OPENING, SEARCH_SEGMENT_BITS } from '../../db/migrations/search-index.ts';
import { createTestContext, currentEngine, type TestContext } from '../../tests/helpers/test-app.ts';
import { PREFIX_WORDS, upsertSearchDocument, type SearchDocumentInput } from './search.repository.ts';
import { CANDIDATE_LIMIT } from './search.service.ts';

let t: TestContext;
const SEGMENT = 2 ** SEARCH_SEGMENT_BITS;
let nextEntity = 1;

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/search.json?${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json() as {
    data: Array<{ title: string; snippet_html: string }>;
    meta: { total: number; facets: Record<string, number>; capped: boolean };
  };
}

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((hit) => hit.title);

function document(title: string, body: string, publishedAt: string | null = null): SearchDocumentInput {
  const entityId = nextEntity++;
  return {
    kind: 'post',
    entity_id: entityId,
    subtype: 'news',
    url: `/tin-tuc/bai-${entityId}`,
    title,
    body,
    thumbnail: null,
    published_at: publishedAt,
  };
}

const index = (doc: SearchDocumentInput) => upsertSearchDocument(t.db, doc, new Date().toISOString());

/** The next search document is written with this id or above (the id decides its segment). */
async function continueIdsAt(id: number): Promise<void> {
  if (currentEngine() === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('search_documents', 'id'), ${id - 1})`.execute(t.db);
  } else {
    await sql`update sqlite_sequence set seq = ${id - 1} where name = 'search_documents'`.execute(t.db);
  }
}

beforeAll(async () => {
  t = await createTestContext();
  // Segment 0, then 2, then 3 (the newest): a search walks the newest two, then the rest.
  await index(document('Kính viễn vọng đời đầu', 'Những chiếc kính viễn vọng khúc xạ.'));
  await continueIdsAt(2 * SEGMENT + 5);
  await index(document('Kính viễn vọng phản xạ', 'Gương cầu lõm của kính viễn vọng.'));
  await continueIdsAt(3 * SEGMENT + 5);
  await index(document('Chọn kính viễn vọng', 'Kính viễn vọng cho người mới.'));
});

afterAll(async () => {
  await t.close();
});

describe(`search segments and ranking on ${currentEngine()}`, () => {
  it('finds matches in every segment, the newest first when they rank alike', async () => {
    const ids = await t.db.selectFrom('search_documents').select('id').orderBy('id').execute();
    expect(ids.map((row) => row.id >> SEARCH_SEGMENT_BITS)).toEqual([0, 2, 3]);
    const body = await search(`q=${encodeURIComponent('kính viễn vọng')}`);
    expect(body.meta.total).toBe(3);
    expect(titles(body)).toEqual(['Chọn kính viễn vọng', 'Kính viễn vọng phản xạ', 'Kính viễn vọng đời đầu']);
    expect(titles(await search('q=khuc%20xa'))).toEqual(['Kính viễn vọng đời đầu']);
    expect(titles(await search('q=guong%20cau%20lo'))).toEqual(['Kính viễn vọng phản xạ']);
  });

  it('ranks the titles that are most the query first: more of its words, then fewer others', async () => {
    await index(document('Lịch sử thế giới cận đại và hiện đại', 'Từ cách mạng công nghiệp.'));
    await index(document('Lịch sử', 'Môn học về quá khứ.'));
    await index(document('Ôn thi lịch sử', 'Đề cương lịch sử.'));
    expect(titles(await search('q=lich%20su'))).toEqual([
      'Lịch sử',
      'Ôn thi lịch sử',
      'Lịch sử thế giới cận đại và hiện đại',
    ]);
  });

  it('reads only the opening of a body to rank, and the whole body for the snippet', async () => {
    const filler = 'Bài giảng về thủy triều và mặt trăng. '.repeat(40);
    await index(document('Thủy triều', `${filler} Cuối bài: thủy triều ở Côn Đảo.`));
    const row = await t.db
      .selectFrom('search_documents')
      .select(['opening', 'body'])
      .where('title', '=', 'Thủy triều')
      .executeTakeFirstOrThrow();
    expect(row.opening).toBe(row.body.slice(0, SEARCH_OPENING));
    expect(row.body.length).toBeGreaterThan(SEARCH_OPENING);
    const body = await search('q=con%20dao');
    expect(titles(body)).toEqual(['Thủy triều']);
    expect(body.data[0]!.snippet_html).toContain('<mark>Côn</mark> <mark>Đảo</mark>');
  });

  it('matches the start of a title word only, each query word a prefix', async () => {
    await index(document('Thành phố biển Nha Trang', 'Du lịch mùa hè.'));
    expect(titles(await search('q=tha%20ph%20nh%20tr'))).toEqual(['Thành phố biển Nha Trang']);
    expect(titles(await search('q=thanh%20pho%20bien'))).toEqual(['Thành phố biển Nha Trang']);
    // `hanh` is inside `thanh`, not at its start (and a known word: no typo to correct).
    await index(document('Hạnh phúc', 'Gia đình.'));
    expect((await search('q=hanh%20pho')).meta.total).toBe(0);
    // A word longer than any title word matches none, until the typo is corrected to `thanh`.
    const corrected = await search('q=thanhx%20pho');
    expect(corrected.meta).toMatchObject({ total: 1, suggestion: 'thành phố' });
  });

  it('ranks the newest CANDIDATE_LIMIT matches and says when more match', async () => {
    for (let i = 0; i <= CANDIDATE_LIMIT; i += 1) {
      await index(document(`Tuyển tập san hô số ${i}`, 'Rạn san hô.'));
    }
    const many = await search('q=san%20ho');
    expect(many.meta).toMatchObject({ total: CANDIDATE_LIMIT, capped: true });
    expect(many.data[0]!.title).toBe(`Tuyển tập san hô số ${CANDIDATE_LIMIT}`);
    const one = await search(`q=${encodeURIComponent(`tuyển tập san hô số ${CANDIDATE_LIMIT}`)}`);
    expect(one.meta).toMatchObject({ total: 1, capped: false });
  });

  it.runIf(currentEngine() === 'postgres')(
    'spells the last word out in bodies as the known words it starts, and leaves a prefix of too many to the engine',
    async () => {
      const words = Array.from({ length: PREFIX_WORDS + 1 }, (_, i) => `zeta${String(i).padStart(3, '0')}`);
      await index(document('Danh sách zeta', words.join(' ')));
      await index(document('Một zeta000 lẻ', 'Không có gì khác.'));
      // `zeta` starts more known words than PREFIX_WORDS: matched as a prefix by the engine.
      expect(titles(await search('q=zeta')).sort()).toEqual(['Danh sách zeta', 'Một zeta000 lẻ']);
      // `zeta12` starts nine: spelled out.
      expect(titles(await search('q=zeta12'))).toEqual(['Danh sách zeta']);
      // A prefix of no known word finds nothing.
      expect((await search('q=qxwv')).meta.total).toBe(0);
    },
  );
});
