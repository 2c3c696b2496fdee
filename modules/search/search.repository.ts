/**
 * The search index, one interface over two engines: SQLite FTS5 over folded text (search_fts, rowid =
 * search_documents.id) and PostgreSQL full-text over `kt_unaccent` (a generated tsvector) plus
 * pg_trgm on the folded title for typo tolerance. Every write to a course, post or support
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
    await sql`delete from search_fts where rowid = ${id}`.execute(db);
    await sql`insert into search_fts (rowid, title, body) values (${id}, ${values.folded_title}, ${foldVietnamese(values.body)})`.execute(
      db,
    );
  }
}

export async function deleteSearchDocument(db: Db, kind: SearchKind, entityId: number): Promise<void> {
  const row = await db
    .deleteFrom('search_documents')
    .where('kind', '=', kind)
    .where('entity_id', '=', entityId)
    .returning('id')
    .executeTakeFirst();
  if (row && !isPostgres(db as Kysely<unknown>)) await sql`delete from search_fts where rowid = ${row.id}`.execute(db);
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

/**
 * Documents matching every folded token as a word prefix, best first; on PostgreSQL, when none
 * does, titles within a trigram distance of the folded query (typo tolerance). Tokens must be [a-z0-9] only.
 */
export async function findSearchCandidates(db: Db, tokens: string[], limit: number): Promise<SearchCandidate[]> {
  if (tokens.length === 0) return [];
  if (isPostgres(db as Kysely<unknown>)) {
    const tsquery = tokens.map((token) => `${token}:*`).join(' & ');
    const exact = await sql<SearchCandidate>`
      select d.id, d.kind, d.entity_id, d.subtype, d.url, d.title, d.body, d.thumbnail, d.published_at,
        ts_rank(d.search_vector, q)::float8 as score
      from search_documents d, to_tsquery('simple', ${tsquery}) q
      where d.search_vector @@ q
      order by score desc, d.id desc
      limit ${limit}
    `.execute(db);
    if (exact.rows.length > 0) return exact.rows.map((row) => ({ ...row, score: Number(row.score) }));
    // Nothing matched every word: fall back to titles within a trigram distance (typos).
    const folded = tokens.join(' ');
    const fuzzy = await sql<SearchCandidate>`
      select d.id, d.kind, d.entity_id, d.subtype, d.url, d.title, d.body, d.thumbnail, d.published_at,
        public.word_similarity(${folded}, d.folded_title)::float8 as score
      from search_documents d
      where ${folded} operator(public.<%) d.folded_title
      order by score desc, d.id desc
      limit ${limit}
    `.execute(db);
    return fuzzy.rows.map((row) => ({ ...row, score: Number(row.score) }));
  }
  const match = tokens.map((token) => `"${token}"*`).join(' ');
  const result = await sql<SearchCandidate>`
    select d.id, d.kind, d.entity_id, d.subtype, d.url, d.title, d.body, d.thumbnail, d.published_at,
      -bm25(search_fts, 10.0, 1.0) as score
    from search_fts join search_documents d on d.id = search_fts.rowid
    where search_fts match ${match}
    order by score desc, d.id desc
    limit ${limit}
  `.execute(db);
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}
