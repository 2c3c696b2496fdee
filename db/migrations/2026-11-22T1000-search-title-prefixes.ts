/**
 * Title prefixes as words (decision 0006, "Fourth pass"), PostgreSQL only. In the titles-only
 * index every query word is a prefix. Before, a prefix was spelled out as the known words it
 * starts (`th` → 21 words), and GIN tested a query of 30–60 alternatives against every document
 * of a segment (13 ms a segment for `dan th ha`). Now `title_vector` holds every prefix of every
 * word of the folded title, up to the 40 characters a query word keeps (`thanh` → `t th tha than
 * thanh`), so a prefix is one lexeme, and the query is as many lexemes as words. Titles are short:
 * the index grows by a tenth. SQLite's FTS5 keeps its own prefix index and is not touched.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';
import { SEGMENT_LEXEME } from './search-index.ts';

/** The longest word a query keeps (tokenizeQuery), so the longest prefix worth indexing. */
const LONGEST_TOKEN = 40;

async function defineTitleVector(db: Kysely<unknown>, prefixes: boolean): Promise<void> {
  const words = prefixes
    ? sql.raw('kt_title_prefixes(folded_title)')
    : sql.raw(`to_tsvector('simple'::regconfig, folded_title)`);
  await sql`alter table search_documents drop column title_vector`.execute(db);
  await sql`
    alter table search_documents add column title_vector tsvector generated always as (
      ${words} || ${sql.raw(SEGMENT_LEXEME)}
    ) stored
  `.execute(db);
  await sql`create index search_documents_title_vector_idx on search_documents using gin (title_vector)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Words are split as tokenizeQuery splits a folded query: runs of [a-z0-9].
  await sql`
    create function kt_title_prefixes(text) returns tsvector
    language sql immutable parallel safe strict
    as $$
      select array_to_tsvector(coalesce(array_agg(distinct left(w, n)), '{}'))
      from regexp_split_to_table($1, '[^a-z0-9]+') as w,
        generate_series(1, least(length(w), ${sql.lit(LONGEST_TOKEN)})) as n
      where w <> ''
    $$
  `.execute(db);
  await defineTitleVector(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await defineTitleVector(db, false);
  await sql`drop function kt_title_prefixes(text)`.execute(db);
}
