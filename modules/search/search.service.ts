/**
 * Vietnamese search across courses, posts and help articles (PROTOCOLS.md "Vietnamese search"):
 * diacritic-insensitive including đ, word-prefix matching, typo correction on both engines (words
 * typed in Telex or VNI, run-together words; typo-correction.ts) with a suggestion, matches with the
 * same marks first, highlighted snippets, sorts and facets by kind, and suggestions while typing.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database, SearchKind } from '../../db/schema.ts';
import {
  buildSnippet,
  exactWordCounter,
  foldedTokenCounter,
  highlightText,
  markedWords,
  tokenizeQuery,
} from './highlight.ts';
import * as repo from './search.repository.ts';
import { correctQuery, type Correction } from './typo-correction.ts';
import { suggestionOf } from './suggestion.ts';
import type { SearchSort } from './search-options.ts';

export {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
} from './search-options.ts';

export interface SearchHit {
  kind: SearchKind;
  id: number;
  subtype: string | null;
  title: string;
  url: string;
  thumbnail: string | null;
  title_html: string;
  snippet_html: string;
  published_at: string | null;
}

export interface SearchResult {
  items: SearchHit[];
  total: number;
  facets: Record<SearchKind, number>;
  /** More documents match than were ranked (CANDIDATE_LIMIT): the total and facets are lower bounds. */
  capped: boolean;
  /** The corrected query when the one typed found nothing and these are its results ("Bạn có muốn tìm"). */
  suggestion: string | null;
}

/** A title offered while typing. */
export interface SearchSuggestion {
  kind: SearchKind;
  title: string;
  url: string;
}

export interface SearchQuery {
  q: string;
  kind?: SearchKind | undefined;
  sort?: SearchSort | undefined;
  page: number;
  limit: number;
}

/**
 * How many candidates each index gives at most, the newest matches, and how many are ranked: the
 * results list ten pages of 20 at most (decision 0006, "Fourth pass").
 */
export const CANDIDATE_LIMIT = 200;
/** How many title matches make the titles-only index's answer enough (decision 0006). */
const TITLE_CANDIDATES_ENOUGH = 60;

/** Vietnamese alphabetical order for the title sort (built once: a collator is costly to create). */
const collator = new Intl.Collator('vi');

/** A candidate and where it was found: in the titles-only index, or only in the one over bodies. */
interface Found {
  candidate: repo.SearchCandidate;
  inTitles: boolean;
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ db }: { db: Kysely<Database> }) {
  /**
   * The candidates with what the sorts need (decision 0006, "Third pass"): same-mark word counts
   * (in the title, and in the title and the body's opening), how many query words start a word of
   * the title and how long the title is, the date.
   */
  function describe(found: Found[], tokens: string[], words: string[]) {
    const countExact = exactWordCounter(words);
    const countTitleHits = foldedTokenCounter(tokens);
    return found.map(({ candidate, inTitles }) => {
      const exactTitle = countExact(candidate.title);
      const exactOpening = countExact(candidate.opening);
      return {
        candidate,
        inTitles: inTitles ? 1 : 0,
        exactTitle,
        exact: exactTitle + exactOpening,
        exactOpening,
        titleHits: countTitleHits(candidate.folded_title),
        titleWords: candidate.folded_title.split(' ').length,
        time: candidate.published_at ? readDate(candidate.published_at).getTime() : 0,
      };
    });
  }

  /**
   * Titles first: when the small titles-only index alone finds at least TITLE_CANDIDATES_ENOUGH
   * documents, they are the results (relevance and title sorts). Otherwise the index over titles
   * and bodies answers too, after the title matches (every title word may be a prefix, in bodies
   * only the last). The choice depends on the words only, not on the page or the kind asked, so
   * totals, facets and pages agree. When nothing matches at all, the query is corrected word by word
   * (typo-correction.ts) and searched again. `titlesOnly`: suggestions while typing, titles only.
   */
  async function findCandidates(
    tokens: string[],
    sort: SearchSort,
    { correct = true, titlesOnly = false } = {},
  ): Promise<{ found: Found[]; capped: boolean; correction: Correction | null }> {
    const titles = await repo.findSearchCandidates(db, tokens, CANDIDATE_LIMIT, 'titles');
    const fromTitles = titles.map((candidate) => ({ candidate, inTitles: true }));
    const enough = titles.length >= TITLE_CANDIDATES_ENOUGH && (sort === 'relevance' || sort === 'title');
    if (enough || (titlesOnly && titles.length > 0)) {
      return { found: fromTitles, capped: titles.length === CANDIDATE_LIMIT, correction: null };
    }
    const all = titlesOnly ? [] : await repo.findSearchCandidates(db, tokens, CANDIDATE_LIMIT, 'all');
    if (titles.length === 0 && all.length === 0) {
      if (!correct) return { found: [], capped: false, correction: null };
      // Each correction tried is searched for real (the same indexes and limits), the first found is the answer.
      let corrected: Awaited<ReturnType<typeof findCandidates>> | undefined;
      const correction = await correctQuery(db, tokens, async (words) => {
        corrected = await findCandidates(words, sort, { correct: false, titlesOnly });
        return corrected.found.length > 0;
      });
      return correction && corrected ? { ...corrected, correction } : { found: [], capped: false, correction: null };
    }
    const inTitles = new Set(titles.map((candidate) => candidate.id));
    const found = [
      ...fromTitles,
      ...all.filter((candidate) => !inTitles.has(candidate.id)).map((candidate) => ({ candidate, inTitles: false })),
    ];
    return {
      found: found.slice(0, CANDIDATE_LIMIT),
      capped: found.length > CANDIDATE_LIMIT || titles.length === CANDIDATE_LIMIT || all.length === CANDIDATE_LIMIT,
      correction: null,
    };
  }

  /** Every match of the query, ranked by the sort, with the facets (by kind, before the kind filter). */
  async function rank(query: Omit<SearchQuery, 'page' | 'limit'>, titlesOnly = false) {
    const typed = tokenizeQuery(query.q);
    const facets: Record<SearchKind, number> = { course: 0, post: 0, support: 0 };
    if (typed.length === 0) return { tokens: typed, facets, chosen: [], capped: false, suggestion: null };
    const sort = query.sort ?? 'relevance';
    const { found, capped, correction } = await findCandidates(typed, sort, { titlesOnly });
    const tokens = correction?.tokens ?? typed;
    const words = correction ? [...correction.marked.values(), ...markedWords(query.q)] : markedWords(query.q);
    const ranked = describe(found, tokens, words);
    for (const item of ranked) facets[item.candidate.kind] += 1;
    const chosen = query.kind ? ranked.filter((item) => item.candidate.kind === query.kind) : ranked;
    chosen.sort((a, b) => {
      const newest = b.candidate.id - a.candidate.id;
      switch (sort) {
        case 'title':
          return (
            Number(b.titleHits > 0) - Number(a.titleHits > 0) ||
            b.exactTitle - a.exactTitle ||
            collator.compare(a.candidate.title, b.candidate.title) ||
            newest
          );
        case 'content':
          return (
            Number(b.candidate.opening.length > 0) - Number(a.candidate.opening.length > 0) ||
            b.exactOpening - a.exactOpening ||
            a.inTitles - b.inTitles ||
            newest
          );
        case 'date':
          return b.time - a.time || newest;
        default:
          // Same marks first; then title matches, the titles that are most the query (more of its
          // words, fewer others); then the newest.
          return (
            b.exact - a.exact ||
            b.exactTitle - a.exactTitle ||
            b.inTitles - a.inTitles ||
            b.titleHits - a.titleHits ||
            a.titleWords - b.titleWords ||
            newest
          );
      }
    });
    const suggestion = correction
      ? suggestionOf(
          correction,
          chosen.slice(0, 20).map(({ candidate }) => candidate),
        )
      : null;
    return { tokens, facets, chosen, capped, suggestion };
  }

  async function search(query: SearchQuery): Promise<SearchResult> {
    const { tokens, facets, chosen, capped, suggestion } = await rank(query);
    const start = (query.page - 1) * query.limit;
    const shown = chosen.slice(start, start + query.limit);
    const rows = await repo.readSearchPage(
      db,
      shown.map(({ candidate }) => candidate.id),
    );
    const items = shown.flatMap(({ candidate }) => {
      const row = rows.get(candidate.id);
      // A document deleted between the two reads is left out of the page.
      if (!row) return [];
      return [
        {
          kind: candidate.kind,
          id: candidate.entity_id,
          subtype: row.subtype,
          title: candidate.title,
          url: row.url,
          thumbnail: row.thumbnail,
          title_html: highlightText(candidate.title, tokens),
          snippet_html: buildSnippet(row.body, tokens),
          published_at: candidate.published_at ? readDate(candidate.published_at).toISOString() : null,
        },
      ];
    });
    return { items, total: chosen.length, facets, capped, suggestion };
  }

  /**
   * Titles for the words being typed (the last one a prefix), best first, corrected like a search
   * when nothing matches; with the corrected query when there was one.
   */
  async function suggest(q: string, limit: number): Promise<{ items: SearchSuggestion[]; suggestion: string | null }> {
    const { chosen, suggestion } = await rank({ q }, true);
    const shown = chosen.slice(0, limit);
    const rows = await repo.readSearchLinks(
      db,
      shown.map(({ candidate }) => candidate.id),
    );
    const items = shown.flatMap(({ candidate }) => {
      const url = rows.get(candidate.id);
      return url === undefined ? [] : [{ kind: candidate.kind, title: candidate.title, url }];
    });
    return { items, suggestion };
  }

  /** Entity ids of one kind matching the query, best first (for `keyword` filters of the lists). */
  async function findIds(q: string, kind: SearchKind): Promise<number[]> {
    const { chosen } = await rank({ q, kind });
    return chosen.map(({ candidate }) => candidate.entity_id);
  }

  return { search, suggest, findIds };
}
