/**
 * Vietnamese search across courses, posts and help articles (PROTOCOLS.md "Vietnamese search"):
 * diacritic-insensitive including đ, word-prefix matching, typo tolerance on PostgreSQL, matches
 * with the same marks first, highlighted snippets, sorts and facets by kind.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database, SearchKind } from '../../db/schema.ts';
import {
  buildSnippet,
  exactWordCounter,
  foldedWordMatcher,
  highlightText,
  markedWords,
  tokenizeQuery,
} from './highlight.ts';
import * as repo from './search.repository.ts';
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
}

export interface SearchQuery {
  q: string;
  kind?: SearchKind | undefined;
  sort?: SearchSort | undefined;
  page: number;
  limit: number;
}

/** How many engine candidates are ranked in memory (the engines pre-sort by their own relevance). */
const CANDIDATE_LIMIT = 400;
/** How many title matches make the titles-only index's answer enough (decision 0006). */
const TITLE_CANDIDATES_ENOUGH = 60;

/** Vietnamese alphabetical order for the title sort (built once: a collator is costly to create). */
const collator = new Intl.Collator('vi');

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ db }: { db: Kysely<Database> }) {
  /**
   * The candidates with what the sorts need: same-mark word counts (in the title and the opening of
   * the body, BODY_OPENING characters), a match in the title, the date.
   */
  function describe(candidates: repo.SearchCandidate[], tokens: string[], words: string[]) {
    const countExact = exactWordCounter(words);
    const matchesTitle = foldedWordMatcher(tokens);
    return candidates.map((candidate) => ({
      candidate,
      exactTitle: countExact(candidate.title),
      exact: countExact(`${candidate.title} ${candidate.body}`),
      inTitle: matchesTitle(candidate.title) ? 1 : 0,
      time: candidate.published_at ? readDate(candidate.published_at).getTime() : 0,
    }));
  }

  /**
   * Titles first: when the small titles-only index alone finds at least TITLE_CANDIDATES_ENOUGH
   * documents, they are the results (relevance and title sorts). Otherwise the index over titles
   * and bodies answers too, after the title matches (a title match outranks a body-only one, as
   * the title weight does in the engines; and every title word may be a prefix, in bodies only the
   * last). The choice depends on the words only, not on the page or the kind asked, so totals,
   * facets and pages agree. When nothing matches at all, the words are searched again with each
   * unknown one replaced by the closest known word (typos, on PostgreSQL).
   */
  async function findCandidates(tokens: string[], sort: SearchSort, correct = true): Promise<repo.SearchCandidate[]> {
    const titles = await repo.findSearchCandidates(db, tokens, CANDIDATE_LIMIT, 'titles');
    if (titles.length >= TITLE_CANDIDATES_ENOUGH && (sort === 'relevance' || sort === 'title')) return titles;
    const all = await repo.findSearchCandidates(db, tokens, CANDIDATE_LIMIT, 'all');
    if (titles.length === 0 && all.length === 0) {
      const corrected = correct ? await repo.correctTokens(db, tokens) : null;
      return corrected ? findCandidates(corrected, sort, false) : [];
    }
    const lead = Math.max(0, ...all.map((candidate) => candidate.score));
    const inTitles = new Set(titles.map((candidate) => candidate.id));
    return [
      ...titles.map((candidate) => ({ ...candidate, score: candidate.score + lead })),
      ...all.filter((candidate) => !inTitles.has(candidate.id)),
    ].slice(0, CANDIDATE_LIMIT);
  }

  /** Every match of the query, ranked by the sort, with the facets (by kind, before the kind filter). */
  async function rank(query: Omit<SearchQuery, 'page' | 'limit'>) {
    const tokens = tokenizeQuery(query.q);
    const facets: Record<SearchKind, number> = { course: 0, post: 0, support: 0 };
    if (tokens.length === 0) return { tokens, facets, chosen: [] };
    const sort = query.sort ?? 'relevance';
    const ranked = describe(await findCandidates(tokens, sort), tokens, markedWords(query.q));
    for (const item of ranked) facets[item.candidate.kind] += 1;
    const chosen = query.kind ? ranked.filter((item) => item.candidate.kind === query.kind) : ranked;
    chosen.sort((a, b) => {
      switch (sort) {
        case 'title':
          return (
            b.inTitle - a.inTitle ||
            b.exactTitle - a.exactTitle ||
            collator.compare(a.candidate.title, b.candidate.title)
          );
        case 'content':
          return (
            Number(b.candidate.body.length > 0) - Number(a.candidate.body.length > 0) ||
            b.exact - b.exactTitle - (a.exact - a.exactTitle) ||
            b.candidate.score - a.candidate.score
          );
        case 'date':
          return b.time - a.time || b.candidate.score - a.candidate.score;
        default:
          return b.exact - a.exact || b.exactTitle - a.exactTitle || b.candidate.score - a.candidate.score;
      }
    });
    return { tokens, facets, chosen };
  }

  async function search(query: SearchQuery): Promise<SearchResult> {
    const { tokens, facets, chosen } = await rank(query);
    const start = (query.page - 1) * query.limit;
    const shown = chosen.slice(start, start + query.limit);
    const bodies = await repo.readSearchBodies(
      db,
      shown.map(({ candidate }) => candidate.id),
    );
    const items = shown.map(({ candidate }) => ({
      kind: candidate.kind,
      id: candidate.entity_id,
      subtype: candidate.subtype,
      title: candidate.title,
      url: candidate.url,
      thumbnail: candidate.thumbnail,
      title_html: highlightText(candidate.title, tokens),
      snippet_html: buildSnippet(bodies.get(candidate.id) ?? candidate.body, tokens),
      published_at: candidate.published_at ? readDate(candidate.published_at).toISOString() : null,
    }));
    return { items, total: chosen.length, facets };
  }

  /** Entity ids of one kind matching the query, best first (for `keyword` filters of the lists). */
  async function findIds(q: string, kind: SearchKind): Promise<number[]> {
    const { chosen } = await rank({ q, kind });
    return chosen.map(({ candidate }) => candidate.entity_id);
  }

  return { search, findIds };
}
