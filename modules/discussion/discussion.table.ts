/** The discussion module's tables (issue 6): notes, comments and lesson error reports, composed into db/schema.ts. */
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

/** A learner's private note on a lesson, optionally at a video time. */
export interface LessonNotesTable {
  id: Generated<number>;
  user_id: number;
  lesson_id: number;
  position_seconds: number | null;
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The lesson discussion: top-level comments (parent_id null) and their replies. */
export interface LessonCommentsTable {
  id: Generated<number>;
  lesson_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  created_at: Timestamp;
}

export type ErrorReportReason = 'video' | 'content' | 'audio' | 'other';
export type ErrorReportStatus = 'pending' | 'processing' | 'complete';
export type ErrorReviewStatus = 'new' | 'confirmed' | 'fixed' | 'rejected';

export interface LessonErrorReportsTable {
  id: Generated<number>;
  lesson_id: number;
  user_id: number;
  reason: ErrorReportReason;
  content: string;
  status: ColumnType<ErrorReportStatus, ErrorReportStatus | undefined, ErrorReportStatus>;
  /** The studio review (studio people): new, confirmed, fixed, rejected. */
  review_status: ColumnType<ErrorReviewStatus, ErrorReviewStatus | undefined, ErrorReviewStatus>;
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface DiscussionTables {
  lesson_notes: LessonNotesTable;
  lesson_comments: LessonCommentsTable;
  lesson_error_reports: LessonErrorReportsTable;
}
