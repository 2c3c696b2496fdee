/**
 * Typo tolerance by word (PostgreSQL): `search_words`, every folded word of the indexed titles and
 * bodies, with a trigram index. A query that matches nothing has its unknown words replaced by the
 * closest known ones (pg_trgm similarity) and is searched again through the full-text indexes,
 * instead of comparing the whole query with every title (decision 0006: that cost 100–300 ms at
 * 100,000 documents; their trigram index goes). `collate "C"` lets a word prefix use the primary key. SQLite has no typo
 * tolerance, so nothing changes there.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  await sql`
    insert into search_words (word)
    select distinct w from search_documents d,
      regexp_split_to_table(kt_unaccent(d.title || ' ' || d.body), '[^a-z0-9]+') w
    where w <> '' and length(w) <= 40
    order by w
    on conflict do nothing
  `.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word public.gin_trgm_ops)`.execute(db);
  // Whole titles are no longer compared with the query.
  await sql`drop index if exists search_documents_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table if exists search_words`.execute(db);
  await sql`create index if not exists search_documents_trgm_idx on search_documents using gin (folded_title public.gin_trgm_ops)`.execute(
    db,
  );
}
