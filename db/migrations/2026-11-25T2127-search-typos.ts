/**
 * Typo correction on both engines (decision 0009). SQLite gets the `search_words` table PostgreSQL
 * has had since 2026-11-22T0980 (every folded word of the indexed titles and bodies, filled from
 * the FTS5 index's own vocabulary); both get `search_word_variants`, each known word's one-letter
 * deletions and the word itself, which find the known words within two edits of a typed word in
 * one indexed lookup. PostgreSQL's trigram index on `search_words` is no longer read: it goes.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';
import { insertWords } from './search-words.ts';

const BATCH = 2_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`
      create table search_word_variants (
        variant text collate "C" not null,
        word text collate "C" not null,
        primary key (variant, word)
      )`.execute(db);
    await sql`drop index if exists search_words_trgm_idx`.execute(db);
  } else {
    await sql`create table search_words (word text primary key) without rowid`.execute(db);
    await sql`
      create table search_word_variants (variant text not null, word text not null, primary key (variant, word))
      without rowid`.execute(db);
  }
  const words = postgres
    ? await sql<{ word: string }>`select word from search_words order by word`.execute(db)
    : await (async () => {
        await sql`create virtual table temp.search_vocab using fts5vocab(main, search_fts, 'row')`.execute(db);
        try {
          return await sql<{ word: string }>`
            select term as word from temp.search_vocab where length(term) <= 40 and term not glob '*[^a-z0-9]*'
          `.execute(db);
        } finally {
          await sql`drop table temp.search_vocab`.execute(db);
        }
      })();
  const all = words.rows.map((row) => row.word);
  // On PostgreSQL the words are already in search_words; insertWords adds them again harmlessly.
  for (let first = 0; first < all.length; first += BATCH) await insertWords(db, all.slice(first, first + BATCH));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_word_variants`.execute(db);
  if (isPostgres(db)) {
    await sql`create index if not exists search_words_trgm_idx on search_words using gin (word public.gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`drop table if exists search_words`.execute(db);
  }
}
