/**
 * Word-by-word correction of a query that found nothing, the same on both engines (decision 0009).
 * Each word that is neither a known word nor the start of one gets its options, best first:
 *
 * 1. the word read as Telex or VNI (`tieengs`, `tie6ng1` → `tiếng`), when that is a known word;
 * 2. known words one edit away (`ahn` → `anh`, `duyy` → `duy`; a swap of two letters is one edit);
 * 3. known words run together (`tienganh` → `tieng anh`);
 * 4. known words two edits away (words of five letters or more).
 *
 * The combinations of options are searched best first (the caller's `search`, the real search, whose
 * results are then the answer), so a correction is only offered when its words are found together:
 * `ahn` could be `an` or `anh`, and `tieng anh` is what the documents say. A word with no option is
 * kept as typed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { fromTypedVietnamese } from '../../lib/text/typed-vietnamese.ts';
import { knownWords, nearWords, startsKnownWord } from './search-words.ts';

/** One way to read a typed word: one or more folded words, and the word with its marks when known. */
interface WordOption {
  tokens: string[];
  marked: string | null;
}

export interface Correction {
  /** The corrected folded tokens. */
  tokens: string[];
  /** Marked forms known from the typing (Telex/VNI), by folded token. */
  marked: Map<string, string>;
}

/** Options kept per word, and combinations tried against the index at most. */
const OPTIONS_PER_WORD = 4;
const MAX_TRIES = 4;
/** The longest known word looked for inside a run-together word (Vietnamese syllables have at most 7 letters). */
const LONGEST_PART = 7;

/** Edit distance with adjacent swaps counted as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The fewest known words that make up the token, or null (`tienganh` → `tieng`, `anh`). */
async function splitRunTogether(db: Kysely<Database>, token: string): Promise<string[] | null> {
  if (token.length < 4 || token.length > 24) return null;
  const parts = new Set<string>();
  for (let start = 0; start < token.length; start += 1) {
    for (let end = start + 1; end <= Math.min(token.length, start + LONGEST_PART); end += 1) {
      // The whole token is not a part: it is unknown.
      if (end - start < token.length) parts.add(token.slice(start, end));
    }
  }
  const known = await knownWords(db, [...parts]);
  // best[i]: the fewest known words making up token[0, i).
  const best: (string[] | null)[] = [[], ...Array.from({ length: token.length }, () => null)];
  for (let end = 1; end <= token.length; end += 1) {
    for (let start = Math.max(0, end - LONGEST_PART); start < end; start += 1) {
      const before = best[start];
      const part = token.slice(start, end);
      if (before && known.has(part) && (!best[end] || before.length + 1 < best[end]!.length)) {
        best[end] = [...before, part];
      }
    }
  }
  return best[token.length] ?? null;
}

/** The options of an unknown word, best first (see the file's comment). */
async function optionsOf(db: Kysely<Database>, token: string): Promise<WordOption[]> {
  const options: WordOption[] = [];
  const typed = fromTypedVietnamese(token);
  if (typed) {
    const folded = foldVietnamese(typed);
    if ((await knownWords(db, [folded])).has(folded)) options.push({ tokens: [folded], marked: typed });
  }
  const limit = token.length >= 5 ? 2 : 1;
  const near = (await nearWords(db, token))
    .map((word) => ({ word, distance: editDistance(token, word) }))
    .filter(({ distance }) => distance <= limit)
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Math.abs(a.word.length - token.length) - Math.abs(b.word.length - token.length) ||
        Number(b.word[0] === token[0]) - Number(a.word[0] === token[0]) ||
        (a.word < b.word ? -1 : 1),
    );
  const option = (word: string): WordOption => ({ tokens: [word], marked: null });
  options.push(...near.filter(({ distance }) => distance === 1).map(({ word }) => option(word)));
  // A word that reads as Telex/VNI is not also a run-together one (skips a lookup).
  const split = options.length === 0 ? await splitRunTogether(db, token) : null;
  if (split) options.push({ tokens: split, marked: null });
  options.push(...near.filter(({ distance }) => distance === 2).map(({ word }) => option(word)));
  return options.slice(0, OPTIONS_PER_WORD);
}

/** Index combinations of the options, best first: the lowest sum of option ranks, then left to right. */
export function combinations(counts: number[], keep: number): number[][] {
  const sum = (list: number[]) => list.reduce((total, value) => total + value, 0);
  let best: number[][] = [[]];
  for (const count of counts) {
    const next = best.flatMap((prefix) => Array.from({ length: count }, (_, index) => [...prefix, index]));
    // A prefix outside the best `keep` cannot lead into them (ranks only add up): sorted (stable), cut.
    best = next.sort((a, b) => sum(a) - sum(b)).slice(0, keep);
  }
  return best;
}

/**
 * The first corrected query that `search` finds something for (it answers whether it did), or null
 * (nothing to correct, or no correction finds anything).
 */
export async function correctQuery(
  db: Kysely<Database>,
  tokens: string[],
  search: (tokens: string[]) => Promise<boolean>,
): Promise<Correction | null> {
  const perWord: WordOption[][] = [];
  let unknown = 0;
  for (const token of tokens) {
    if (await startsKnownWord(db, token)) {
      perWord.push([{ tokens: [token], marked: null }]);
      continue;
    }
    const options = await optionsOf(db, token);
    if (options.length > 0) unknown += 1;
    perWord.push(options.length > 0 ? options : [{ tokens: [token], marked: null }]);
  }
  if (unknown === 0) return null;
  for (const choice of combinations(
    perWord.map((options) => options.length),
    MAX_TRIES,
  )) {
    const chosen = choice.map((index, word) => perWord[word]![index]!);
    const corrected = [...new Set(chosen.flatMap((option) => option.tokens))].slice(0, 8);
    if (!(await search(corrected))) continue;
    const marked = new Map<string, string>();
    for (const option of chosen) if (option.marked) marked.set(option.tokens[0]!, option.marked);
    return { tokens: corrected, marked };
  }
  return null;
}
