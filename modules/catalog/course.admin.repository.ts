/** Studio course queries: every course (published or not), its packages, its lesson tree, a combo's children, scheduled drafts. */
import type { Updateable } from 'kysely';
import type {
  CoursePodsTable,
  CoursesTable,
  LessonsTable,
  NewCourse,
  NewCoursePod,
  NewLesson,
} from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export interface StudioCourseFilter {
  /** A slug fragment (the title folded the way slugs are). */
  slugPart?: string | undefined;
  published?: boolean | undefined;
  /** Only this teacher's courses (a teacher signed in to the studio). */
  teacherId?: number | undefined;
}

function filtered(db: Db, filter: StudioCourseFilter) {
  let query = db.selectFrom('courses');
  if (filter.slugPart) query = query.where('slug', 'like', `%${filter.slugPart}%`);
  if (filter.published !== undefined) query = query.where('is_published', '=', filter.published ? 1 : 0);
  if (filter.teacherId !== undefined) query = query.where('teacher_id', '=', filter.teacherId);
  return query;
}

export async function searchCourses(db: Db, filter: StudioCourseFilter, page: { limit: number; offset: number }) {
  const rows = await filtered(db, filter)
    .select(['id', 'slug', 'title', 'type', 'is_published', 'lesson_count', 'price_new', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export function findCourse(db: Db, id: number) {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('courses').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new unpublished course. */
export function insertDraftCourse(
  db: Db,
  values: Omit<NewCourse, 'flatform_type' | 'level' | 'is_published' | 'published_at' | 'created_at' | 'updated_at'>,
  now: string,
) {
  return db
    .insertInto('courses')
    .values({
      ...values,
      flatform_type: '',
      level: null,
      is_published: 0,
      published_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateCourse(db: Db, id: number, values: Updateable<CoursesTable>) {
  return db.updateTable('courses').set(values).where('id', '=', id).execute();
}

export function teacherName(db: Db, teacherId: number | null) {
  if (teacherId === null) return Promise.resolve(undefined);
  return db.selectFrom('teachers').select('full_name').where('id', '=', teacherId).executeTakeFirst();
}

export function teacherOfUser(db: Db, userId: number) {
  return db.selectFrom('teachers').select(['id', 'full_name']).where('user_id', '=', userId).executeTakeFirst();
}

export function listAllPods(db: Db, courseId: number) {
  return db.selectFrom('course_pods').selectAll().where('course_id', '=', courseId).orderBy('position').execute();
}

export function findPod(db: Db, courseId: number, podId: number) {
  return db
    .selectFrom('course_pods')
    .selectAll()
    .where('id', '=', podId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

export async function insertPod(db: Db, pod: Omit<NewCoursePod, 'position'>) {
  const { max } = await db
    .selectFrom('course_pods')
    .select((eb) => eb.fn.max<number | null>('position').as('max'))
    .where('course_id', '=', pod.course_id)
    .executeTakeFirstOrThrow();
  const position = max === null ? 0 : Number(max) + 1;
  return db
    .insertInto('course_pods')
    .values({ ...pod, position })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updatePod(db: Db, podId: number, values: Updateable<CoursePodsTable>) {
  return db.updateTable('course_pods').set(values).where('id', '=', podId).execute();
}

export async function countActivePods(db: Db, courseId: number): Promise<number> {
  const { n } = await db
    .selectFrom('course_pods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export function listTree(db: Db, courseId: number) {
  return db
    .selectFrom('lessons')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findCourseLesson(db: Db, courseId: number, lessonId: number) {
  return db
    .selectFrom('lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** The lessons sharing a parent (chapters: parent null), in order. */
export function listSiblings(db: Db, courseId: number, parentId: number | null) {
  let query = db.selectFrom('lessons').select(['id', 'position']).where('course_id', '=', courseId);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  return query.orderBy('position').orderBy('id').execute();
}

export async function insertTreeNode(db: Db, lesson: Omit<NewLesson, 'position'>) {
  const siblings = await listSiblings(db, lesson.course_id, lesson.parent_id ?? null);
  const last = siblings.at(-1);
  const position = last ? Number(last.position) + 1 : 0;
  return db
    .insertInto('lessons')
    .values({ ...lesson, position })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateLesson(db: Db, lessonId: number, values: Updateable<LessonsTable>) {
  return db.updateTable('lessons').set(values).where('id', '=', lessonId).execute();
}

export function setPosition(db: Db, lessonId: number, position: number) {
  return db.updateTable('lessons').set({ position }).where('id', '=', lessonId).execute();
}

export async function countChildren(db: Db, lessonId: number): Promise<number> {
  const { n } = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', lessonId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export function deleteLesson(db: Db, lessonId: number) {
  return db.deleteFrom('lessons').where('id', '=', lessonId).execute();
}

/** Moves a lesson of the course under a chapter, at a position (the one-call reorder). */
export function placeLesson(db: Db, courseId: number, lessonId: number, chapterId: number, position: number) {
  return db
    .updateTable('lessons')
    .set({ parent_id: chapterId, position })
    .where('id', '=', lessonId)
    .where('course_id', '=', courseId)
    .execute();
}

/** A combo's child courses, in order. */
export function listChildren(db: Db, comboId: number) {
  return db
    .selectFrom('course_children')
    .innerJoin('courses', 'courses.id', 'course_children.child_id')
    .select(['courses.id', 'courses.slug', 'courses.title', 'courses.type', 'courses.is_published'])
    .where('course_children.combo_id', '=', comboId)
    .orderBy('course_children.position')
    .orderBy('courses.id')
    .execute();
}

export function coursesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('courses').select(['id', 'type', 'title']).where('id', 'in', ids).execute();
}

/** Replaces a combo's children with these courses, in this order. */
export async function replaceChildren(db: Db, comboId: number, childIds: number[]) {
  await db.deleteFrom('course_children').where('combo_id', '=', comboId).execute();
  if (childIds.length > 0)
    await db
      .insertInto('course_children')
      .values(childIds.map((child_id, position) => ({ combo_id: comboId, child_id, position })))
      .execute();
}

/** Drafts whose publish time has come, the earliest first. */
export function listDueDrafts(db: Db, now: string, limit: number) {
  return db
    .selectFrom('courses')
    .select(['id', 'publish_at', 'published_at'])
    .where('is_published', '=', 0)
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .limit(limit)
    .execute();
}

/** Updates a course only if it is still a draft scheduled at this time; whether it was (the claim). */
export async function updateScheduledDraft(db: Db, id: number, at: string, values: Updateable<CoursesTable>) {
  const result = await db
    .updateTable('courses')
    .set(values)
    .where('id', '=', id)
    .where('is_published', '=', 0)
    .where('publish_at', '=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
