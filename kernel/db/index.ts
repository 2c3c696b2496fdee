/** The data kernel: the query executor type, timestamps for answers, and search text for LIKE. */
export type { Db } from './db.ts';
export { iso, isoOrNull } from './dates.ts';
export { likePattern, searchTerms, type SearchTerms } from './search.ts';
