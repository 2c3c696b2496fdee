/**
 * The search index, one interface over two engines: SQLite FTS5 over folded text (search_fts over
 * titles and bodies, search_title_fts over titles; rowid = search_documents.id) and PostgreSQL
 * full-text over `kt_unaccent` (a generated tsvector; `title_vector` for titles only) plus pg_trgm
 * on the folded title for typo tolerance. Every write to a course, post or support
 * article calls `upsertSearchDocument` / `deleteSearchDocument` in the same transaction.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
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
  if (isPostgres(db as Kysely<unknown>)) {
    await rememberWords(db, `${values.folded_title} ${foldVietnamese(values.body)}`);
  } else {
    await deleteFromSqliteIndex(db, id);
    await sql`insert into search_fts (rowid, title, body) values (${id}, ${values.folded_title}, ${foldVietnamese(values.body)})`.execute(
      db,
    );
    await sql`insert into search_title_fts (rowid, title) values (${id}, ${values.folded_title})`.execute(db);
  }
}

/** Serialises the writers of `search_words` (see rememberWords). */
const SEARCH_WORDS_LOCK = 4_242_002;

/**
 * Adds a document's words to `search_words` (PostgreSQL). A new word inserted by a transaction
 * still open makes any other writer of that word wait for its commit, so two transactions each
 * writing several documents could wait for each other (a deadlock). A transaction-scoped advisory
 * lock lets one transaction at a time add new words, until it commits; editors write documents one
 * at a time, so nobody waits in practice.
 */
async function rememberWords(db: Db, foldedText: string): Promise<void> {
  const words = [...new Set(foldedText.split(/[^a-z0-9]+/))].filter((word) => word !== '' && word.length <= 40);
  if (words.length === 0) return;
  // Most saves bring no new word: they take no lock.
  const { rows } = await sql<{ word: string }>`
    select t.word from unnest(${words}::text[]) as t(word)
    where not exists (select 1 from search_words w where w.word = (t.word collate "C"))
    order by 1`.execute(db);
  if (rows.length === 0) return;
  await sql`select pg_advisory_xact_lock(${SEARCH_WORDS_LOCK})`.execute(db);
  await sql`insert into search_words (word) select unnest(${rows.map((row) => row.word)}::text[]) on conflict do nothing`.execute(
    db,
  );
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
  /** The opening of the body (BODY_OPENING characters). */
  body: string;
  thumbnail: string | null;
  published_at: Date | string | null;
  /** Engine relevance, higher is better. */
  score: number;
}

/**
 * How many matches an engine scores at most: a word found in tens of thousands of documents costs
 * no more than this. Past it, the most recently indexed matches are the ones ranked, except in the
 * PostgreSQL body index, which takes them in storage order (decision 0006).
 */
export const RANKING_POOL = 1_000;

/**
 * Which index a search reads: the small titles-only one, where every word is a prefix; or titles
 * and bodies, where the last word is a prefix (the word being typed) and the earlier ones whole.
 */
export type SearchScope = 'titles' | 'all';

/**
 * How much of each candidate's body is read: the same-mark ranking looks at the title and this
 * opening, the snippets of the results shown read their whole bodies (`readSearchBodies`). Reading
 * 400 whole bodies of up to 20,000 characters per query cost more than the search itself.
 */
export const BODY_OPENING = 1_500;

const COLUMNS = sql`d.id, d.kind, d.entity_id, d.subtype, d.url, d.title, substr(d.body, 1, ${BODY_OPENING}) as body, d.thumbnail, d.published_at`;

/** The whole bodies of some documents, by id (the results shown, for their snippets). */
export async function readSearchBodies(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('search_documents').select(['id', 'body']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.body]));
}

const toCandidates = (rows: SearchCandidate[]) => rows.map((row) => ({ ...row, score: Number(row.score) }));

/** Whether a token is matched as a word prefix in this scope (see SearchScope). */
const isPrefix = (scope: SearchScope, index: number, count: number) => scope === 'titles' || index === count - 1;

/**
 * Documents matching every folded token in one scope, best first. Each engine scores at most
 * RANKING_POOL matches inside its index and keeps the best `limit` before any document row is
 * read. Tokens must be [a-z0-9] only.
 */
export async function findSearchCandidates(
  db: Db,
  tokens: string[],
  limit: number,
  scope: SearchScope,
): Promise<SearchCandidate[]> {
  if (tokens.length === 0) return [];
  if (isPostgres(db as Kysely<unknown>)) return findPostgresCandidates(db, tokens, limit, scope);
  const match = tokens
    .map((token, index) => (isPrefix(scope, index, tokens.length) ? `"${token}"*` : `"${token}"`))
    .join(' ');
  // The newest RANKING_POOL matches, in the index's own order (it stops there), scored by bm25.
  const pool =
    scope === 'titles'
      ? sql`select rowid, -bm25(search_title_fts) as score from search_title_fts
          where search_title_fts match ${match} order by rowid desc limit ${RANKING_POOL}`
      : sql`select rowid, -bm25(search_fts, 10.0, 1.0) as score from search_fts
          where search_fts match ${match} order by rowid desc limit ${RANKING_POOL}`;
  const result = await sql<SearchCandidate>`
    select ${COLUMNS}, m.score
    from (select rowid, score from (${pool}) order by score desc, rowid desc limit ${limit}) m
    join search_documents d on d.id = m.rowid
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
  const tsquery = tokens
    .map((token, index) => (isPrefix(scope, index, tokens.length) ? `${token}:*` : token))
    .join(' & ');
  if (scope === 'titles') {
    // Titles are short and stored inline: the planner may walk the newest rows and test each.
    return rankPostgres(
      db,
      sql`select id, title_vector as vector from search_documents, to_tsquery('simple', ${tsquery}) q
      where title_vector @@ q order by id desc limit ${RANKING_POOL}`,
      tsquery,
      limit,
    );
  }
  // The body vector is large (compressed, out of line): testing row by row costs far more than the
  // planner believes, so the pool is always read through the GIN index (a bitmap scan), in storage
  // order: asking for the newest would read every match (0.1–0.7 s for common words).
  const pool = sql`select id, search_vector as vector from search_documents, to_tsquery('simple', ${tsquery}) q
    where search_vector @@ q limit ${RANKING_POOL}`;
  if (db.isTransaction) return rankPostgres(db, pool, tsquery, limit);
  return db.transaction().execute(async (trx) => {
    // `set local` for both, in one round trip.
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
      trx,
    );
    return rankPostgres(trx, pool, tsquery, limit);
  });
}

/** Ranks a pool of (id, vector) by ts_rank, then reads the wide rows of the best `limit`. */
async function rankPostgres(db: Db, pool: RawBuilder<unknown>, tsquery: string, limit: number) {
  const result = await sql<SearchCandidate>`
    select ${COLUMNS}, m.score
    from (
      select p.id, ts_rank(p.vector, to_tsquery('simple', ${tsquery}))::float8 as score from (${pool}) p
      order by score desc, p.id desc limit ${limit}
    ) m join search_documents d on d.id = m.id
    order by m.score desc, d.id desc
  `.execute(db);
  return toCandidates(result.rows);
}

/**
 * Typo tolerance (PostgreSQL only; none on SQLite): each token that is neither a known word nor the
 * start of one is replaced by the closest known word (pg_trgm similarity, its default threshold).
 * Null when nothing was replaced (the query has no typo to correct) or on SQLite.
 */
export async function correctTokens(db: Db, tokens: string[]): Promise<string[] | null> {
  if (tokens.length === 0 || !isPostgres(db as Kysely<unknown>)) return null;
  const result = await sql<{ token: string; word: string | null }>`
    select t.token,
      case when exists (select 1 from search_words w where w.word >= (t.token collate "C") and w.word < (t.token || '~') collate "C")
        then t.token
        else (select w.word from search_words w where w.word operator(public.%) t.token
              order by public.similarity(w.word, t.token) desc, w.word limit 1)
      end as word
    from unnest(${tokens}::text[]) with ordinality as t(token, position)
    order by t.position
  `.execute(db);
  const corrected = result.rows.map((row) => row.word ?? row.token);
  return corrected.some((word, index) => word !== tokens[index]) ? corrected : null;
}
