/**
 * The search and window of an admin list: the text as typed (lowercased, with its marks) matched
 * against a title, or folded like a slug matched against a slug; a page as LIMIT and OFFSET. A small
 * list (tens to hundreds of rows) is read whole and searched and paged in memory (`pageOf`).
 */
import { sql } from 'kysely';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { slugify } from '../../lib/text/slug.ts';
import { likePattern } from './search.ts';

export interface TextSearch {
  raw?: string | undefined;
  slugPart?: string | undefined;
}

/** The search of an admin list: the text as typed (lowercased) and as a slug fragment. */
export function textSearch(q: string | undefined): TextSearch {
  const raw = q?.normalize('NFC').trim().toLowerCase();
  return raw ? { raw, slugPart: slugify(raw) || undefined } : {};
}

export const isSearching = (search: TextSearch) => Boolean(search.raw || search.slugPart);

/** A WHERE condition: the lowercased title contains the text, or the slug contains its slug form. */
export function matchesText(search: TextSearch, titleColumn: string, slugColumn: string) {
  const parts = [];
  if (search.raw) parts.push(sql<boolean>`lower(${sql.ref(titleColumn)}) like ${likePattern(search.raw)} escape '\\'`);
  if (search.slugPart)
    parts.push(sql<boolean>`${sql.ref(slugColumn)} like ${likePattern(search.slugPart)} escape '\\'`);
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

export interface Window {
  limit: number;
  offset: number;
}

export const windowOf = ({ page, limit }: { page: number; limit: number }): Window => ({
  limit,
  offset: (page - 1) * limit,
});

/** What `pageOf` reads of a small list's query (`listQuery` of kernel/http). */
export interface ListQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
}

/** Search (marks folded), on/off filter and paging over a small list read whole. */
export function pageOf<T extends { is_active: boolean }>(rows: T[], query: ListQuery, text: (row: T) => string[]) {
  const q = foldVietnamese(query.q);
  const filtered = rows.filter(
    (row) =>
      (query.status === undefined || row.is_active === (query.status === 'active')) &&
      (!q || text(row).some((value) => foldVietnamese(value).includes(q))),
  );
  const start = (query.page - 1) * query.limit;
  return { items: filtered.slice(start, start + query.limit), total: filtered.length, all: filtered };
}
