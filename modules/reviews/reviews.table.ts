/** The reviews module's table (issue 4), composed into db/schema.ts. */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { Flag, Timestamp } from '../../kernel/db/columns.ts';

export interface CourseReviewsTable {
  id: Generated<number>;
  course_id: number;
  /** The learner (users table lands with accounts; no foreign key yet). */
  user_id: number;
  author_name: string;
  rating: number;
  comment: string | null;
  is_visible: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface ReviewsTables {
  course_reviews: CourseReviewsTable;
}

export type CourseReviewRow = Selectable<CourseReviewsTable>;
export type NewCourseReview = Insertable<CourseReviewsTable>;
