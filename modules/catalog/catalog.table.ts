/**
 * The catalog module's tables (issue 4): categories, subjects, teachers, courses, packages, lessons, combos, follows
 * and views, composed into db/schema.ts.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Counter, Flag, NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

export interface CategoriesTable {
  id: Generated<number>;
  /** course | post | support (orig. category types). */
  type: 'course' | 'post' | 'support';
  /** post: blog | video; support: product | policy | guide; course: null. */
  subtype: string | null;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  position: Counter;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubjectsTable {
  id: Generated<number>;
  type: 'field' | 'topic';
  slug: string;
  name: string;
  description: string | null;
  position: Counter;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeachersTable {
  id: Generated<number>;
  slug: string;
  full_name: string;
  headline: string | null;
  bio: string | null;
  avatar: string | null;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The account that teaches (role `teacher`) this profile is linked to (studio site migration). */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type CourseType = 'retail' | 'no_retail' | 'combo' | 'api';

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  type: CourseType;
  category_id: number | null;
  teacher_id: number | null;
  thumbnail: string | null;
  summary: string | null;
  description: string | null;
  /** flatform_app | flatform_web | flatform_web_app | platform_cross | '' (SPEC §3 spelling). */
  flatform_type: string;
  price_new: number | null;
  price_old: number | null;
  level: string | null;
  lesson_count: Counter;
  duration_seconds: Counter;
  enrolment_count: Counter;
  rating_sum: Counter;
  rating_count: Counter;
  is_hot: Flag;
  is_published: Flag;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A scheduled publish time, cleared when the job publishes it (studio-courses2 migration). */
  publish_at: NullableTimestamp;
  /** This course's commission rate in percent; null = AFFILIATE_DEFAULT_RATE (added by the affiliates migration). */
  affiliate_rate: number | null;
}

export interface CourseSubjectsTable {
  course_id: number;
  subject_id: number;
}

export interface CourseChildrenTable {
  combo_id: number;
  child_id: number;
  position: Counter;
}

export interface CoursePodsTable {
  id: Generated<number>;
  course_id: number;
  name: string | null;
  cycle: number;
  price: number;
  payment_type: 'online' | 'sms' | 'sms_online';
  /** The SMS keyword of a carrier-billed package (`DK <code>` / `HUY <code>`); null = none. */
  sms_code: ColumnType<string | null, string | null | undefined, string | null>;
  position: Counter;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LessonsTable {
  id: Generated<number>;
  course_id: number;
  parent_id: number | null;
  /** category = a chapter node; content = a lesson. */
  type: 'category' | 'content';
  content_type: 'youtube' | 'video' | 'paragraph' | 'exam' | 'document' | null;
  title: string;
  position: Counter;
  duration_seconds: Counter;
  is_preview: Flag;
  video_url: string | null;
  content: string | null;
  /** Document lessons: the file (a PDF is viewed inline). Added by the learning-progress-extra migration. */
  document_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubjectLikesTable {
  user_id: number;
  subject_id: number;
  created_at: Timestamp;
}

export interface CourseViewsTable {
  user_id: number;
  course_id: number;
  viewed_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface CatalogTables {
  categories: CategoriesTable;
  subjects: SubjectsTable;
  teachers: TeachersTable;
  courses: CoursesTable;
  course_subjects: CourseSubjectsTable;
  course_children: CourseChildrenTable;
  course_pods: CoursePodsTable;
  lessons: LessonsTable;
  subject_likes: SubjectLikesTable;
  course_views: CourseViewsTable;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type SubjectRow = Selectable<SubjectsTable>;
export type NewSubject = Insertable<SubjectsTable>;
export type TeacherRow = Selectable<TeachersTable>;
export type NewTeacher = Insertable<TeachersTable>;
export type CourseRow = Selectable<CoursesTable>;
export type NewCourse = Insertable<CoursesTable>;
export type CoursePodRow = Selectable<CoursePodsTable>;
export type NewCoursePod = Insertable<CoursePodsTable>;
export type LessonRow = Selectable<LessonsTable>;
export type NewLesson = Insertable<LessonsTable>;
