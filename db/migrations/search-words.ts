/**
 * The known words' variants (decision 0009), shared by the migration that fills them and by the
 * search module that keeps them: see modules/search/search-words.ts.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './columns.ts';

/** Words longer than this get no deletion variants (a typo in them is not looked for). */
export const LONGEST_CORRECTED = 20;
/** The longest word kept at all (tokenizeQuery keeps 40 characters of a query word). */
export const LONGEST_WORD = 40;

/** The variants of a known word: itself and, from 3 letters up, each word with one letter deleted. */
export function variantsOf(word: string): string[] {
  const variants = new Set([word]);
  if (word.length >= 3 && word.length <= LONGEST_CORRECTED) {
    for (let at = 0; at < word.length; at += 1) variants.add(word.slice(0, at) + word.slice(at + 1));
  }
  return [...variants];
}

/** Inserts new words and their variants (the caller knows they are new). */
export async function insertWords(db: Kysely<unknown>, words: string[]): Promise<void> {
  if (words.length === 0) return;
  const variants = words.flatMap((word) => variantsOf(word).map((variant) => ({ variant, word })));
  if (isPostgres(db)) {
    await sql`insert into search_words (word) select unnest(${words}::text[]) on conflict do nothing`.execute(db);
    await sql`
      insert into search_word_variants (variant, word)
      select * from unnest(${variants.map((row) => row.variant)}::text[], ${variants.map((row) => row.word)}::text[])
      on conflict do nothing`.execute(db);
    return;
  }
  await sql`insert or ignore into search_words (word) select value from json_each(${JSON.stringify(words)})`.execute(
    db,
  );
  await sql`
    insert or ignore into search_word_variants (variant, word)
    select value ->> 0, value ->> 1 from json_each(${JSON.stringify(variants.map((row) => [row.variant, row.word]))})
  `.execute(db);
}
