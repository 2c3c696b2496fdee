/**
 * The support module's tables (issue 4): help articles, the contact form and the support desk's notes (issue 7 §6),
 * composed into db/schema.ts.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

export interface SupportArticlesTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  title: string;
  summary: string | null;
  content: string;
  position: Counter;
  helpful_count: Counter;
  not_helpful_count: Counter;
  is_published: Flag;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportRequestsTable {
  id: Generated<number>;
  /** contact = the contact form (support.json); cellular = the navigation report (user_support.json). */
  kind: 'contact' | 'cellular';
  user_id: number | null;
  full_name: string | null;
  phone: string | null;
  email: string | null;
  title: string | null;
  content: string | null;
  path: string | null;
  status: 'new' | 'in_progress' | 'resolved';
  /** The staff member handling it (studio people). */
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A reply sent to the requester, or an internal note, on a support request. */
export interface SupportRequestNotesTable {
  id: Generated<number>;
  request_id: number;
  author_id: number | null;
  author_name: string;
  kind: 'note' | 'reply';
  body: string;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface SupportTables {
  support_articles: SupportArticlesTable;
  support_requests: SupportRequestsTable;
  support_request_notes: SupportRequestNotesTable;
}

export type SupportArticleRow = Selectable<SupportArticlesTable>;
export type NewSupportArticle = Insertable<SupportArticlesTable>;
export type NewSupportRequest = Insertable<SupportRequestsTable>;
