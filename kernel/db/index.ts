/**
 * The data kernel: the query executor type, timestamps for answers, search text for LIKE, admin
 * list searches and windows (small lists paged in memory too), slugs, and the column types of the
 * modules' table files.
 */
export type { Db } from './db.ts';
export type { Counter, Flag, NullableTimestamp, Timestamp } from './columns.ts';
export { iso, isoOrNull } from './dates.ts';
export { likePattern, searchTerms, type SearchTerms } from './search.ts';
export {
  isSearching,
  matchesText,
  pageOf,
  textSearch,
  windowOf,
  type ListQuery,
  type TextSearch,
  type Window,
} from './lists.ts';
export { chooseSlug, SLUG_TAKEN } from './slugs.ts';
export { countOf, foldedMatch } from './folded.ts';
