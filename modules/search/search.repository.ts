/**
 * The search index, one interface over two engines: SQLite FTS5 over folded text (search_fts over
 * titles and bodies, search_title_fts over titles; rowid = search_documents.id) and PostgreSQL
 * full-text over `kt_unaccent` (a generated tsvector; `title_vector` for titles only) plus pg_trgm
 * on the folded title for typo tolerance. Every write to a course, post or support
 * article calls `upsertSearchDocument` / `deleteSearchDocument` in the same transaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/migrations/columns.ts';
import type { Database, SearchKind } from '../../db/schema.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';

type Db = Kysely<Database> | Transaction<Database>;

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

export async function upsertSearchDocument(db: Db, doc: SearchDocumentInput, now: string): Promise<void> {
  const values = {
    ...doc,
    title: doc.title.normalize('NFC').slice(0, 300),
    body: doc.body.normalize('NFC').slice(0, MAX_BODY),
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
        folded_title: values.folded_title,
        thumbnail: values.thumbnail,
        published_at: values.published_at,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!isPostgres(db as Kysely<unknown>)) {
    await deleteFromSqliteIndex(db, id);
    await sql`insert into search_fts (rowid, title, body) values (${id}, ${values.folded_title}, ${foldVietnamese(values.body)})`.execute(
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

export interface SearchCandidate {
  id: number;
  kind: SearchKind;
  entity_id: number;
  subtype: string | null;
  url: string;
  title: string;
  body: string;
  thumbnail: string | null;
  published_at: Date | string | null;
  /** Engine relevance, higher is better. */
  score: number;
}

/** Which index a search reads: the small titles-only one, or titles and bodies. */
export type SearchScope = 'titles' | 'all';

const COLUMNS = sql`d.id, d.kind, d.entity_id, d.subtype, d.url, d.title, d.body, d.thumbnail, d.published_at`;

const toCandidates = (rows: SearchCandidate[]) => rows.map((row) => ({ ...row, score: Number(row.score) }));

/**
 * Documents matching every folded token as a word prefix, in the titles only or in titles and
 * bodies, best first. Each engine ranks inside its index and keeps the best `limit` before any
 * document row is read. On PostgreSQL, when nothing in the whole index matches every word, titles
 * within a trigram distance of the folded query (typo tolerance). Tokens must be [a-z0-9] only.
 */
export async function findSearchCandidates(
  db: Db,
  tokens: string[],
  limit: number,
  scope: SearchScope = 'all',
): Promise<SearchCandidate[]> {
  if (tokens.length === 0) return [];
  if (isPostgres(db as Kysely<unknown>)) return findPostgresCandidates(db, tokens, limit, scope);
  const match = tokens.map((token) => `"${token}"*`).join(' ');
  const ranked =
    scope === 'titles'
      ? sql`select rowid, -bm25(search_title_fts) as score from search_title_fts
          where search_title_fts match ${match} order by score desc, rowid desc limit ${limit}`
      : sql`select rowid, -bm25(search_fts, 10.0, 1.0) as score from search_fts
          where search_fts match ${match} order by score desc, rowid desc limit ${limit}`;
  const result = await sql<SearchCandidate>`
    select ${COLUMNS}, m.score from (${ranked}) m join search_documents d on d.id = m.rowid
    order by m.score desc, d.id desc
  `.execute(db);
  return toCandidates(result.rows);
}

async function findPostgresCandidates(
  db: Db,
  tokens: string[],
  limit: number,
  scope: SearchScope,
): Promise<SearchCandidate[]> {
  const tsquery = tokens.map((token) => `${token}:*`).join(' & ');
  // Rank the index matches on their id and vector only; the wide rows are read for the best `limit`.
  const ranked =
    scope === 'titles'
      ? sql`select id, ts_rank(title_vector, q)::float8 as score
          from search_documents, to_tsquery('simple', ${tsquery}) q
          where title_vector @@ q order by score desc, id desc limit ${limit}`
      : sql`select id, ts_rank(search_vector, q)::float8 as score
          from search_documents, to_tsquery('simple', ${tsquery}) q
          where search_vector @@ q order by score desc, id desc limit ${limit}`;
  const exact = await sql<SearchCandidate>`
    select ${COLUMNS}, m.score from (${ranked}) m join search_documents d on d.id = m.id
    order by m.score desc, d.id desc
  `.execute(db);
  if (exact.rows.length > 0 || scope === 'titles') return toCandidates(exact.rows);
  // Nothing matched every word: fall back to titles within a trigram distance (typos).
  const folded = tokens.join(' ');
  const fuzzy = await sql<SearchCandidate>`
    select ${COLUMNS}, public.word_similarity(${folded}, d.folded_title)::float8 as score
    from search_documents d
    where ${folded} operator(public.<%) d.folded_title
    order by score desc, d.id desc
    limit ${limit}
  `.execute(db);
  return toCandidates(fuzzy.rows);
}
