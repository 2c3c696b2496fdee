/**
 * The words of the search index, for typo correction on both engines (decision 0009):
 * `search_words` holds every folded word of every indexed title and body, and
 * `search_word_variants` each word's one-letter deletions (and the word itself), so that the known
 * words within one or two edits of a typed word are one indexed lookup of the typed word's own
 * deletions (symmetric deletion). Words are never removed: a word no longer in any document still
 * corrects to nothing worse than a query that finds nothing.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/migrations/columns.ts';
import { insertWords, LONGEST_CORRECTED, LONGEST_WORD, variantsOf } from '../../db/migrations/search-words.ts';
import type { Db } from '../../kernel/db/index.ts';

/** The index is also written by migrations, on a database without the app's types. */
type WordsDb = Db | Kysely<unknown>;

/** The folded words of a folded text: runs of [a-z0-9], at most LONGEST_WORD characters. */
export function wordsOf(foldedText: string): string[] {
  return [...new Set(foldedText.split(/[^a-z0-9]+/))].filter((word) => word !== '' && word.length <= LONGEST_WORD);
}

/** Serialises the writers of new words on PostgreSQL (see rememberWords). */
const SEARCH_WORDS_LOCK = 4_242_002;

/** Which of these words are not in `search_words` yet. */
async function unknownOf(db: WordsDb, words: string[]): Promise<string[]> {
  if (isPostgres(db as Kysely<unknown>)) {
    const { rows } = await sql<{ word: string }>`
      select t.word from unnest(${words}::text[]) as t(word)
      where not exists (select 1 from search_words w where w.word = (t.word collate "C"))
      order by 1`.execute(db);
    return rows.map((row) => row.word);
  }
  const { rows } = await sql<{ word: string }>`
    select value as word from json_each(${JSON.stringify(words)})
    where value not in (select word from search_words)`.execute(db);
  return rows.map((row) => row.word);
}

/**
 * Adds a document's words to `search_words` and their variants. On PostgreSQL a new word inserted by
 * a transaction still open makes any other writer of that word wait for its commit, so two
 * transactions each writing several documents could wait for each other (a deadlock). A
 * transaction-scoped advisory lock lets one transaction at a time add new words, until it commits;
 * editors write documents one at a time, so nobody waits in practice. SQLite has one writer.
 */
export async function rememberWords(db: WordsDb, foldedText: string): Promise<void> {
  const words = wordsOf(foldedText);
  if (words.length === 0) return;
  // Most saves bring no new word: they take no lock.
  const unknown = await unknownOf(db, words);
  if (unknown.length === 0) return;
  if (isPostgres(db as Kysely<unknown>)) await sql`select pg_advisory_xact_lock(${SEARCH_WORDS_LOCK})`.execute(db);
  await insertWords(db as Kysely<unknown>, unknown);
}

/** Which of these words are known whole words. */
export async function knownWords(db: WordsDb, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const { rows } = isPostgres(db as Kysely<unknown>)
    ? await sql<{ word: string }>`select word from search_words where word = any(${words}::text[])`.execute(db)
    : await sql<{
        word: string;
      }>`select word from search_words where word in (select value from json_each(${JSON.stringify(words)}))`.execute(
        db,
      );
  return new Set(rows.map((row) => row.word));
}

/** Whether a known word starts with this token (the token itself included). */
export async function startsKnownWord(db: WordsDb, token: string): Promise<boolean> {
  const { rows } = isPostgres(db as Kysely<unknown>)
    ? await sql`select 1 from search_words where word >= (${token} collate "C") and word < (${token} || '~') collate "C" limit 1`.execute(
        db,
      )
    : await sql`select 1 from search_words where word >= ${token} and word < ${`${token}~`} limit 1`.execute(db);
  return rows.length > 0;
}

/** The known words sharing a variant with the token (within two edits), at most 200. */
export async function nearWords(db: WordsDb, token: string): Promise<string[]> {
  if (token.length > LONGEST_CORRECTED) return [];
  const variants = variantsOf(token);
  const { rows } = isPostgres(db as Kysely<unknown>)
    ? await sql<{ word: string }>`
        select distinct word from search_word_variants where variant = any(${variants}::text[]) limit 200`.execute(db)
    : await sql<{ word: string }>`
        select distinct word from search_word_variants
        where variant in (select value from json_each(${JSON.stringify(variants)})) limit 200`.execute(db);
  return rows.map((row) => row.word);
}
