/**
 * The search module's table (issue 4): the one index over courses, posts and help articles, composed into
 * db/schema.ts.
 */
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export type SearchKind = 'course' | 'post' | 'support';

export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: SearchKind;
  entity_id: number;
  /** Course type, post type or support category subtype: the facet below the kind. */
  subtype: string | null;
  url: string;
  title: string;
  body: string;
  /** foldVietnamese(title) — prefix and typo matching. */
  folded_title: string;
  /** The first SEARCH_OPENING characters of the body: what the ranking reads of it. */
  opening: string;
  thumbnail: string | null;
  published_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface SearchTables {
  search_documents: SearchDocumentsTable;
}

export type SearchDocumentRow = Selectable<SearchDocumentsTable>;
