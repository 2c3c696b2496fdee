/**
 * The search index, one interface over two engines: SQLite FTS5 over folded text (search_fts over
 * titles and bodies, search_title_fts over titles; rowid = search_documents.id) and PostgreSQL
 * full-text over `kt_unaccent` (generated tsvectors carrying a segment lexeme; `title_vector` holds
 * every prefix of every title word). The words of both feed typo correction (search-words.ts). The
 * engines find matches, the service ranks them. Every write to a course, post or support article calls
 * `upsertSearchDocument` / `deleteSearchDocument` in the same transaction.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/migrations/columns.ts';
import { SEARCH_OPENING, SEARCH_SEGMENT_BITS } from '../../db/migrations/search-index.ts';
import type { SearchKind } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { rememberWords } from './search-words.ts';

export interface SearchDocumentInput {
  kind: SearchKind;
  entity_id: number;
  subtype: string | null;
  url: string;
  title: string;
  /** Plain text (no HTML). */
  body: string;
  thumbnail: string | null;
  published_at: string | null;
}

const MAX_BODY = 20_000;

/** The first SEARCH_OPENING characters of a body, never ending on half a surrogate pair. */
function openingOf(body: string): string {
  const opening = body.slice(0, SEARCH_OPENING);
  return /[\uD800-\uDBFF]$/.test(opening) ? opening.slice(0, -1) : opening;
}

export async function upsertSearchDocument(db: Db, doc: SearchDocumentInput, now: string): Promise<void> {
  const body = doc.body.normalize('NFC').slice(0, MAX_BODY);
  const values = {
    ...doc,
    title: doc.title.normalize('NFC').slice(0, 300),
    body,
    opening: openingOf(body),
    folded_title: foldVietnamese(doc.title).slice(0, 300),
    updated_at: now,
  };
  const { id } = await db
    .insertInto('search_documents')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['kind', 'entity_id']).doUpdateSet({
        subtype: values.subtype,
        url: values.url,
        title: values.title,
        body: values.body,
        opening: values.opening,
        folded_title: values.folded_title,
        thumbnail: values.thumbnail,
        published_at: values.published_at,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const foldedBody = foldVietnamese(values.body);
  await rememberWords(db, `${values.folded_title} ${foldedBody}`);
  if (!isPostgres(db as Kysely<unknown>)) {
    await deleteFromSqliteIndex(db, id);
    await sql`insert into search_fts (rowid, title, body) values (${id}, ${values.folded_title}, ${foldedBody})`.execute(
      db,
    );
    await sql`insert into search_title_fts (rowid, title) values (${id}, ${values.folded_title})`.execute(db);
  }
}

async function deleteFromSqliteIndex(db: Db, id: number): Promise<void> {
  await sql`delete from search_fts where rowid = ${id}`.execute(db);
  await sql`delete from search_title_fts where rowid = ${id}`.execute(db);
}

export async function deleteSearchDocument(db: Db, kind: SearchKind, entityId: number): Promise<void> {
  const row = await db
    .deleteFrom('search_documents')
    .where('kind', '=', kind)
    .where('entity_id', '=', entityId)
    .returning('id')
    .executeTakeFirst();
  if (row && !isPostgres(db as Kysely<unknown>)) await deleteFromSqliteIndex(db, row.id);
}

/** What ranking reads of a match (the page shown reads the rest, see readSearchPage). */
export interface SearchCandidate {
  id: number;
  kind: SearchKind;
  entity_id: number;
  title: string;
  folded_title: string;
  /** The first SEARCH_OPENING characters of the body. */
  opening: string;
  published_at: Date | string | null;
}

/**
 * Which index a search reads: the small titles-only one, where every word is a prefix; or titles
 * and bodies, where the last word is a prefix (the word being typed) and the earlier ones whole.
 */
export type SearchScope = 'titles' | 'all';

/** Whether a token is matched as a word prefix in this scope (see SearchScope). */
const isPrefix = (scope: SearchScope, index: number, count: number) => scope === 'titles' || index === count - 1;

const COLUMNS = sql.raw('d.id, d.kind, d.entity_id, d.title, d.folded_title, d.opening, d.published_at');

/** What a result shown needs besides its candidate row: the whole body for its snippet. */
export interface SearchPageRow {
  subtype: string | null;
  url: string;
  thumbnail: string | null;
  body: string;
}

/** The rest of the documents shown on a page of results, by id. */
export async function readSearchPage(db: Db, ids: number[]): Promise<Map<number, SearchPageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('search_documents')
    .select(['id', 'subtype', 'url', 'thumbnail', 'body'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/** The URLs of documents, by id (suggestions while typing). */
export async function readSearchLinks(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('search_documents').select(['id', 'url']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.url]));
}

/** At most this many known words stand for the word being typed; past it the engine expands it itself. */
export const PREFIX_WORDS = 128;

/**
 * The known words the word being typed starts, on PostgreSQL, for the index over titles and
 * bodies (null: more than PREFIX_WORDS, matched as a prefix): GIN answers a prefix (`duc:*`) by
 * collecting every posting of every word it starts before anything else, which is what the
 * segments are there to avoid, whereas a list of words (`duc | ducs`) is walked segment by segment.
 * `search_words` holds every word ever indexed, so the list is complete. The titles-only index
 * needs none of this: it holds every word's prefixes (migration 2026-11-22T1000-search-title-prefixes).
 */
async function wordsStartingWith(db: Db, prefix: string): Promise<string[] | null> {
  const result = await sql<{ word: string }>`
    select word from search_words
    where word >= (${prefix} collate "C") and word < (${prefix} || '~') collate "C"
    order by word limit ${PREFIX_WORDS + 1}
  `.execute(db);
  return result.rows.length > PREFIX_WORDS ? null : result.rows.map((row) => row.word);
}

/**
 * The newest `limit` documents matching every token (folded, [a-z0-9] only) in one scope. No
 * relevance is computed in the engines: the service ranks what they find (decision 0006).
 */
export async function findSearchCandidates(
  db: Db,
  tokens: string[],
  limit: number,
  scope: SearchScope,
): Promise<SearchCandidate[]> {
  if (tokens.length === 0) return [];
  if (isPostgres(db as Kysely<unknown>)) {
    const tsquery = await postgresQuery(db, tokens, scope);
    return tsquery === null ? [] : findPostgresCandidates(db, tsquery, limit, scope);
  }
  const match = tokens
    .map((token, index) => (isPrefix(scope, index, tokens.length) ? `"${token}"*` : `"${token}"`))
    .join(' ');
  // FTS5 walks its doclists newest first and stops at the limit (it keeps its own prefix index).
  const matches =
    scope === 'titles'
      ? sql`select rowid from search_title_fts where search_title_fts match ${match} order by rowid desc limit ${limit}`
      : sql`select rowid from search_fts where search_fts match ${match} order by rowid desc limit ${limit}`;
  const result = await sql<SearchCandidate>`
    select ${COLUMNS} from (${matches}) m join search_documents d on d.id = m.rowid order by d.id desc
  `.execute(db);
  return result.rows;
}

/**
 * The tsquery of the tokens in a scope; null when the word being typed starts no known word
 * (nothing can match). Titles: each token is one lexeme, the title vector holding every prefix of
 * its words. Titles and bodies: the whole words, then the word being typed spelled out.
 */
async function postgresQuery(db: Db, tokens: string[], scope: SearchScope): Promise<string | null> {
  const lexemes = tokens.map((token) => `'${token}'`);
  if (scope === 'titles') return lexemes.join(' & ');
  const words = await wordsStartingWith(db, tokens.at(-1)!);
  if (words?.length === 0) return null;
  lexemes[lexemes.length - 1] =
    words === null ? `${lexemes.at(-1)}:*` : `(${words.map((word) => `'${word}'`).join(' | ')})`;
  return lexemes.join(' & ');
}

/**
 * PostgreSQL, the newest `limit` matches: the newest segment, the one before, then every older one in
 * a single scan (each vector carries its segment's lexeme, see migration
 * 2026-11-22T0990-search-segments), stopping once `limit` matches are found. GIN gives a part's
 * matches in storage order, oldest first, so each part is sorted: reading every match of a part
 * costs about 1 ms per 1,000 matches, whereas taking the first ones left out the newest documents.
 * One scan per older segment cost as much each as the newest, whatever its size. The query depends
 * on the segment, so the planner cannot take a common word's statistics for a reason to walk the
 * table testing each row's vector (0.4–0.8 s for mid-frequency words, decision 0006): it reads the
 * index. The tsquery is made of [a-z0-9] lexemes only (see postgresQuery).
 */
async function findPostgresCandidates(
  db: Db,
  tsquery: string,
  limit: number,
  scope: SearchScope,
): Promise<SearchCandidate[]> {
  const vector = sql.ref(scope === 'titles' ? 'd.title_vector' : 'd.search_vector');
  const result = await sql<SearchCandidate>`
    with newest as (select coalesce(max(id), 0) >> ${sql.lit(SEARCH_SEGMENT_BITS)} as n from search_documents)
    select m.* from newest cross join (values (0), (1), (-1)) as part(back)
    cross join lateral (
      select ${COLUMNS} from search_documents d
      where ${vector} @@ (
        ${tsquery}::tsquery && (case
          when part.back >= 0 then format('''~%s''', newest.n - part.back)::tsquery
          else format('!''~%s'' & !''~%s''', newest.n, newest.n - 1)::tsquery
        end)
      )
      order by d.id desc limit ${limit}
    ) m
    limit ${limit}
  `.execute(db);
  return result.rows;
}
