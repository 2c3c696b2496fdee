/**
 * Search of the studio's desk lists: the folded search text within folded columns (`kt_unaccent`,
 * on both engines), and the count of a `count(*) as n` query.
 */
import { sql } from 'kysely';
import { likePattern } from './search.ts';

/** `q` (already folded) within any of `columns`, each folded. */
export function foldedMatch(columns: string[], q: string) {
  const pattern = likePattern(q);
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`kt_unaccent(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** The number of a `select count(*) as n` query. */
export async function countOf(query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) {
  return Number((await query.executeTakeFirstOrThrow()).n);
}
