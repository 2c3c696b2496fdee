/**
 * The "Bạn có muốn tìm: …" text of a corrected query: each corrected word with its marks as the
 * results write it (`tieng anh` → `tiếng anh`, read from the titles and openings found). A word typed
 * in Telex/VNI keeps its marks when the results have it so (`thanhx` reads `thãnh`, but the
 * documents found say `thành`).
 */
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { SearchCandidate } from './search.repository.ts';
import type { Correction } from './typo-correction.ts';

const WORD = /[\p{L}\p{N}]+/gu;

export function suggestionOf(correction: Correction, found: Pick<SearchCandidate, 'title' | 'opening'>[]): string {
  const written = new Map<string, string>();
  const seen = new Set<string>();
  for (const candidate of found) {
    for (const text of [candidate.title, candidate.opening]) {
      for (const [word] of text.matchAll(WORD)) {
        const lower = word.toLowerCase();
        const folded = foldVietnamese(lower);
        seen.add(lower);
        if (!written.has(folded)) written.set(folded, lower);
      }
    }
  }
  return correction.tokens
    .map((token) => {
      const typed = correction.marked.get(token);
      return (typed && seen.has(typed) ? typed : written.get(token)) ?? typed ?? token;
    })
    .join(' ');
}
