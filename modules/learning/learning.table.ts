/** The learning module's tables (issue 6): lesson and course progress, composed into db/schema.ts. */
import type { Counter, Timestamp } from '../../kernel/db/columns.ts';

/** The learning log of one learner for one lesson. */
export interface LessonProgressTable {
  user_id: number;
  lesson_id: number;
  course_id: number;
  /** The furthest position reached, in seconds; never moves backwards. */
  position_seconds: Counter;
  /** Where the learner last was, in seconds (the resume point). */
  resume_seconds: Counter;
  watched_seconds: Counter;
  /** The client time (ms) of the write that set `resume_seconds`; an older write never moves it back. */
  resume_client_ms: Counter;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One learner's standing in one course. */
export interface CourseProgressTable {
  user_id: number;
  course_id: number;
  last_lesson_id: number | null;
  completed_lessons: Counter;
  total_lessons: Counter;
  percent: Counter;
  completed_at: Timestamp | null;
  last_seen_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface LearningTables {
  lesson_progress: LessonProgressTable;
  course_progress: CourseProgressTable;
}
