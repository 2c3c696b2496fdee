/** The certificates module's table (issue 6), composed into db/schema.ts. */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

/** One per learner and course, issued once on completion. */
export interface CertificatesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  /** The completed course; null for a contest certificate. */
  course_id: number | null;
  learner_name: string;
  /** The course's or the contest's title when issued. */
  course_title: string;
  issued_at: Timestamp;
  /** The contest whose result this certifies (modules/exams asks for it); null for a course. */
  exam_contest_id: number | null;
  /** A contest certificate's result: thousandths of a point, and the rank among its candidates. */
  score: number | null;
  max_score: number | null;
  rank: number | null;
  candidates: number | null;
  /** A contest certificate a key correction took below the threshold: when, and why (Vietnamese). */
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
}

/** Composed into `Database` (db/schema.ts). */
export interface CertificatesTables {
  certificates: CertificatesTable;
}
