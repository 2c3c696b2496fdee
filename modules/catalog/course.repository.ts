/** Courses, their packages (pods), combo children, subjects, lessons and reviews. */
import { sql } from 'kysely';
import type { CourseType, NewCourse, NewCoursePod, NewLesson } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export type CourseSort = 'newest' | 'popular' | 'price_asc' | 'price_desc' | 'rating';

export interface CourseFilter {
  categoryIds?: number[];
  subjectId?: number;
  type?: CourseType;
  platform?: string;
  priceMin?: number;
  priceMax?: number;
  free?: boolean;
  hot?: boolean;
  ids?: number[];
  excludeIds?: number[];
  teacherId?: number;
}

/** The price a card shows (SPEC §3): retail → price_new; others → the first active pod; none → -1. */
const effectivePrice = sql<number>`(case when courses.type = 'retail' then coalesce(courses.price_new, 0) else coalesce((select p.price from course_pods p where p.course_id = courses.id and p.is_active = 1 order by p.position, p.id limit 1), -1) end)`;
const ratingAverage = sql<number>`(case when courses.rating_count = 0 then 0 else courses.rating_sum * 1.0 / courses.rating_count end)`;

function filtered(db: Db, filter: CourseFilter) {
  let query = db.selectFrom('courses').where('courses.is_published', '=', 1);
  if (filter.categoryIds) query = query.where('courses.category_id', 'in', filter.categoryIds);
  if (filter.subjectId !== undefined) {
    const subjectId = filter.subjectId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_subjects')
          .select('course_subjects.course_id')
          .whereRef('course_subjects.course_id', '=', 'courses.id')
          .where('course_subjects.subject_id', '=', subjectId),
      ),
    );
  }
  if (filter.type) query = query.where('courses.type', '=', filter.type);
  if (filter.platform !== undefined) query = query.where('courses.flatform_type', '=', filter.platform);
  if (filter.teacherId !== undefined) query = query.where('courses.teacher_id', '=', filter.teacherId);
  if (filter.hot) query = query.where('courses.is_hot', '=', 1);
  if (filter.free) query = query.where(effectivePrice, '=', 0);
  if (filter.priceMin !== undefined) query = query.where(effectivePrice, '>=', filter.priceMin);
  if (filter.priceMax !== undefined) query = query.where(effectivePrice, '<=', filter.priceMax);
  if (filter.ids) query = query.where('courses.id', 'in', filter.ids.length > 0 ? filter.ids : [-1]);
  if (filter.excludeIds && filter.excludeIds.length > 0) query = query.where('courses.id', 'not in', filter.excludeIds);
  return query;
}

const LIST_COLUMNS = [
  'courses.id',
  'courses.slug',
  'courses.title',
  'courses.type',
  'courses.thumbnail',
  'courses.teacher_id',
  'courses.flatform_type',
  'courses.price_new',
  'courses.price_old',
  'courses.rating_sum',
  'courses.rating_count',
] as const;

export async function listCourses(db: Db, filter: CourseFilter, sort: CourseSort, page: number, limit: number) {
  let query = filtered(db, filter)
    .leftJoin('teachers', 'teachers.id', 'courses.teacher_id')
    .select([...LIST_COLUMNS, 'teachers.slug as teacher_slug', 'teachers.full_name as teacher_full_name'])
    .select(sql<number>`(select count(*) from course_children cc where cc.combo_id = courses.id)`.as('total_child'));
  switch (sort) {
    case 'popular':
      query = query.orderBy('courses.enrolment_count', 'desc');
      break;
    case 'price_asc':
      query = query.orderBy(effectivePrice, 'asc');
      break;
    case 'price_desc':
      query = query.orderBy(effectivePrice, 'desc');
      break;
    case 'rating':
      query = query.orderBy(ratingAverage, 'desc').orderBy('courses.rating_count', 'desc');
      break;
    default:
      query = query.orderBy('courses.published_at', 'desc');
  }
  return query
    .orderBy('courses.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export type CourseListRow = Awaited<ReturnType<typeof listCourses>>[number];

export async function countCourses(db: Db, filter: CourseFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPublishedCourse(db: Db, by: { id?: number; slug?: string }) {
  let query = db.selectFrom('courses').selectAll().where('is_published', '=', 1);
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.slug !== undefined) query = query.where('slug', '=', by.slug);
  return query.executeTakeFirst();
}

export function listPods(db: Db, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_pods')
    .selectAll()
    .where('course_id', 'in', courseIds)
    .where('is_active', '=', 1)
    .orderBy('course_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listChildIds(db: Db, comboId: number) {
  return db
    .selectFrom('course_children')
    .select('child_id')
    .where('combo_id', '=', comboId)
    .orderBy('position')
    .execute()
    .then((rows) => rows.map((row) => row.child_id));
}

export function listCourseSubjects(db: Db, courseId: number) {
  return db
    .selectFrom('course_subjects')
    .innerJoin('subjects', 'subjects.id', 'course_subjects.subject_id')
    .select(['subjects.id', 'subjects.slug', 'subjects.name', 'subjects.type'])
    .where('course_subjects.course_id', '=', courseId)
    .where('subjects.is_active', '=', 1)
    .orderBy('subjects.position')
    .execute();
}

export function listLessons(db: Db, courseId: number) {
  return db
    .selectFrom('lessons')
    .select(['id', 'parent_id', 'type', 'content_type', 'title', 'position', 'duration_seconds', 'is_preview'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findLesson(db: Db, id: number) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listVisibleReviews(db: Db, courseId: number, page: number, limit: number) {
  return db
    .selectFrom('course_reviews')
    .select(['id', 'author_name', 'rating', 'comment', 'created_at'])
    .where('course_id', '=', courseId)
    .where('is_visible', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export function countVisibleReviewsByRating(db: Db, courseId: number) {
  return db
    .selectFrom('course_reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('count')])
    .where('course_id', '=', courseId)
    .where('is_visible', '=', 1)
    .groupBy('rating')
    .execute();
}

/** Inserts a course with its pods, subjects and combo children (factories, studio). */
export async function insertCourse(
  db: Db,
  course: NewCourse,
  extras: { pods?: Omit<NewCoursePod, 'course_id'>[]; subjectIds?: number[]; childIds?: number[] } = {},
) {
  const { id } = await db.insertInto('courses').values(course).returning('id').executeTakeFirstOrThrow();
  if (extras.pods?.length) {
    await db
      .insertInto('course_pods')
      .values(extras.pods.map((pod) => ({ ...pod, course_id: id })))
      .execute();
  }
  if (extras.subjectIds?.length) {
    await db
      .insertInto('course_subjects')
      .values(extras.subjectIds.map((subjectId) => ({ course_id: id, subject_id: subjectId })))
      .execute();
  }
  if (extras.childIds?.length) {
    await db
      .insertInto('course_children')
      .values(extras.childIds.map((childId, position) => ({ combo_id: id, child_id: childId, position })))
      .execute();
  }
  return { id };
}

export function insertLesson(db: Db, lesson: NewLesson) {
  return db.insertInto('lessons').values(lesson).returning('id').executeTakeFirstOrThrow();
}

/** Lesson count and total duration of a course, from its content lessons. */
export async function refreshLessonTotals(db: Db, courseId: number): Promise<void> {
  const totals = await db
    .selectFrom('lessons')
    .select([
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('duration_seconds'), sql<number>`0`).as('duration'),
    ])
    .where('course_id', '=', courseId)
    .where('type', '=', 'content')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('courses')
    .set({ lesson_count: Number(totals.count), duration_seconds: Number(totals.duration) })
    .where('id', '=', courseId)
    .execute();
}

export function listPublishedCourseSlugs(db: Db) {
  return db.selectFrom('courses').select(['slug', 'updated_at']).where('is_published', '=', 1).orderBy('id').execute();
}

/** Active packages of published courses, with what a cart or an order needs of their course. */
export function findPurchasablePods(db: Db, podIds: number[]) {
  if (podIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select([
      'course_pods.id as pod_id',
      'course_pods.name as pod_name',
      'course_pods.cycle',
      'course_pods.price',
      'course_pods.payment_type',
      'courses.id as course_id',
      'courses.slug',
      'courses.title',
      'courses.type',
      'courses.thumbnail',
      'courses.category_id',
      'courses.price_new',
    ])
    .where('course_pods.id', 'in', podIds)
    .where('course_pods.is_active', '=', 1)
    .where('courses.is_published', '=', 1)
    .execute();
}

export type PurchasablePod = Awaited<ReturnType<typeof findPurchasablePods>>[number];

/** A lesson's duration as its video measured it, and its course's totals, on `db` (the caller's transaction). */
export async function setLessonDuration(db: Db, lessonId: number, seconds: number, at: string): Promise<void> {
  const lesson = await db
    .updateTable('lessons')
    .set({ duration_seconds: seconds, updated_at: at })
    .where('id', '=', lessonId)
    .returning('course_id')
    .executeTakeFirst();
  if (lesson) await refreshLessonTotals(db, lesson.course_id);
}
