/**
 * Search, titles first (decision 0006): a small titles-only index searched before the full one.
 * SQLite: `search_title_fts` (the folded title), and `search_fts` rebuilt with `prefix='2 3'`
 * (short word prefixes answered from the index instead of a scan of the term list); both are
 * filled from the existing index, so no text is folded again here. PostgreSQL: a generated
 * `title_vector` over the already folded title with its own GIN index (the body vector stays).
 * The down restores the previous shape with the same data.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';

const TOKENIZE = sql.raw(`tokenize = 'unicode61 remove_diacritics 0'`);

async function rebuildSqliteIndex(db: Kysely<unknown>, options: string): Promise<void> {
  await sql`create virtual table search_fts_next using fts5(title, body, ${TOKENIZE}${sql.raw(options)})`.execute(db);
  await sql`insert into search_fts_next (rowid, title, body) select rowid, title, body from search_fts`.execute(db);
  await sql`drop table search_fts`.execute(db);
  await sql`alter table search_fts_next rename to search_fts`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      alter table search_documents add column title_vector tsvector generated always as (
        to_tsvector('simple'::regconfig, folded_title)
      ) stored
    `.execute(db);
    await sql`create index search_documents_title_vector_idx on search_documents using gin (title_vector)`.execute(db);
    return;
  }
  await rebuildSqliteIndex(db, `, prefix = '2 3'`);
  await sql`create virtual table search_title_fts using fts5(title, ${TOKENIZE}, prefix = '2 3')`.execute(db);
  await sql`insert into search_title_fts (rowid, title) select id, folded_title from search_documents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists search_documents_title_vector_idx`.execute(db);
    await sql`alter table search_documents drop column if exists title_vector`.execute(db);
    return;
  }
  await sql`drop table if exists search_title_fts`.execute(db);
  await rebuildSqliteIndex(db, '');
}
