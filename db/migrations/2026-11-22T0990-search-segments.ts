/**
 * Lean search candidates (decision 0006, "Third pass"). Ranking reads a short `opening` of each
 * body (its first SEARCH_OPENING characters) instead of the body itself.
 *
 * SQLite: the table is rebuilt with `opening` and with `body` last. A row's columns are stored in
 * order and a long body spills into overflow pages, so every column after it (the folded title,
 * the date) cost a walk through the whole body; now a candidate row is read from its first page.
 * The FTS tables key on the row id, which is kept.
 *
 * PostgreSQL: `opening` is added, and both search vectors carry a segment lexeme, `~N` for the
 * ids N·2^14 … (N+1)·2^14−1. A search asks the newest segment, then the one before, then the
 * older ones together, and stops once it has its candidates: GIN cannot stop a scan early, so asking it for a common word over the whole table
 * built a bitmap of every match (40–80 ms at 100,000 documents); asked with the segment's lexeme,
 * GIN skips through the word's postings to the segment's (2–9 ms).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';
import { SEARCH_OPENING, SEGMENT_LEXEME } from './search-index.ts';

const COMMON = 'id, kind, entity_id, subtype, url, title, folded_title, thumbnail, published_at, updated_at, body';

async function rebuildSqlite(db: Kysely<unknown>, withOpening: boolean): Promise<void> {
  const columns = withOpening
    ? sql.raw(`folded_title varchar(300) not null, opening varchar(${SEARCH_OPENING}) not null default '',
        thumbnail varchar(2000), published_at text, updated_at text not null, body text not null`)
    : sql.raw(`body text not null, folded_title varchar(300) not null, thumbnail varchar(2000), published_at text,
        updated_at text not null`);
  await sql`
    create table search_documents_next (
      id integer primary key autoincrement,
      kind varchar(20) not null check (kind in ('course', 'post', 'support')),
      entity_id integer not null,
      subtype varchar(30),
      url varchar(2000) not null,
      title varchar(300) not null,
      ${columns},
      constraint search_documents_entity_key unique (kind, entity_id)
    )`.execute(db);
  const copied = sql.raw(COMMON);
  if (withOpening) {
    await sql`insert into search_documents_next (${copied}, opening)
      select ${copied}, substr(body, 1, ${SEARCH_OPENING}) from search_documents`.execute(db);
  } else {
    await sql`insert into search_documents_next (${copied}) select ${copied} from search_documents`.execute(db);
  }
  await sql`drop table search_documents`.execute(db);
  await sql`alter table search_documents_next rename to search_documents`.execute(db);
}

/** The two search vectors, with (`segmented`) or without the segment lexeme. */
async function defineVectors(db: Kysely<unknown>, segmented: boolean): Promise<void> {
  const segment = segmented ? sql.raw(` || ${SEGMENT_LEXEME}`) : sql.raw('');
  await sql`alter table search_documents drop column title_vector`.execute(db);
  await sql`alter table search_documents drop column search_vector`.execute(db);
  await sql`
    alter table search_documents
      add column title_vector tsvector generated always as (
        to_tsvector('simple'::regconfig, folded_title)${segment}
      ) stored,
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, kt_unaccent(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, kt_unaccent(body)), 'B')${segment}
      ) stored
  `.execute(db);
  await sql`create index search_documents_title_vector_idx on search_documents using gin (title_vector)`.execute(db);
  await sql`create index search_documents_vector_idx on search_documents using gin (search_vector)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return rebuildSqlite(db, true);
  await sql`alter table search_documents add column opening varchar(${sql.raw(String(SEARCH_OPENING))}) not null default ''`.execute(
    db,
  );
  await sql`update search_documents set opening = left(body, ${SEARCH_OPENING})`.execute(db);
  await defineVectors(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return rebuildSqlite(db, false);
  await defineVectors(db, false);
  await sql`alter table search_documents drop column opening`.execute(db);
}
