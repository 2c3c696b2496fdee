/** Categories (every type), subjects, teachers, topic likes and course views. */
import type { NewCategory, NewSubject, NewTeacher } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function listActiveCategories(db: Db, type: 'course' | 'post' | 'support') {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('type', '=', type)
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findActiveCategoryBySlug(db: Db, type: 'course' | 'post' | 'support', slug: string) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('type', '=', type)
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Course counts per course category (published courses only). */
export function countCoursesByCategory(db: Db) {
  return db
    .selectFrom('courses')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('is_published', '=', 1)
    .groupBy('category_id')
    .execute();
}

export function insertCategory(db: Db, category: NewCategory) {
  return db.insertInto('categories').values(category).returning('id').executeTakeFirstOrThrow();
}

export function listActiveSubjects(db: Db, type?: 'field' | 'topic') {
  let query = db.selectFrom('subjects').selectAll().where('is_active', '=', 1);
  if (type) query = query.where('type', '=', type);
  return query.orderBy('type').orderBy('position').orderBy('id').execute();
}

export function findActiveSubjectById(db: Db, id: number) {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
}

export function findActiveSubjectBySlug(db: Db, slug: string) {
  return db.selectFrom('subjects').selectAll().where('slug', '=', slug).where('is_active', '=', 1).executeTakeFirst();
}

export function insertSubject(db: Db, subject: NewSubject) {
  return db.insertInto('subjects').values(subject).returning('id').executeTakeFirstOrThrow();
}

export function listLikedSubjectIds(db: Db, userId: number) {
  return db
    .selectFrom('subject_likes')
    .select('subject_id')
    .where('user_id', '=', userId)
    .execute()
    .then((rows) => rows.map((row) => row.subject_id));
}

export async function likeSubject(db: Db, userId: number, subjectId: number, now: string): Promise<void> {
  await db
    .insertInto('subject_likes')
    .values({ user_id: userId, subject_id: subjectId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doNothing())
    .execute();
}

export async function unlikeSubject(db: Db, userId: number, subjectId: number): Promise<void> {
  await db.deleteFrom('subject_likes').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
}

export function listActiveTeachers(db: Db, page: number, limit: number) {
  return db
    .selectFrom('teachers')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('full_name')
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export async function countActiveTeachers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('teachers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findActiveTeacher(db: Db, by: { id?: number; slug?: string }) {
  let query = db.selectFrom('teachers').selectAll().where('is_active', '=', 1);
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.slug !== undefined) query = query.where('slug', '=', by.slug);
  return query.executeTakeFirst();
}

export function insertTeacher(db: Db, teacher: NewTeacher) {
  return db.insertInto('teachers').values(teacher).returning('id').executeTakeFirstOrThrow();
}

export async function recordCourseView(db: Db, userId: number, courseId: number, now: string): Promise<void> {
  await db
    .insertInto('course_views')
    .values({ user_id: userId, course_id: courseId, viewed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doUpdateSet({ viewed_at: now }))
    .execute();
}

export function listViewedCourseIds(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('course_views')
    .select('course_id')
    .where('user_id', '=', userId)
    .orderBy('viewed_at', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => row.course_id));
}

export function findCategoryRef(db: Db, id: number) {
  return db.selectFrom('categories').select(['id', 'slug', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Ids and titles of courses (any state), for the studio's screens of other modules. */
export function courseTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('courses').select(['id', 'title']).where('id', 'in', ids).orderBy('id').execute();
}

/** Ids and names (as `title`) of categories of any type and state. */
export function categoryTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('categories').select(['id', 'name as title']).where('id', 'in', ids).orderBy('id').execute();
}

/** Sets a course's own affiliate commission rate (null: the default); false when there is no such course. */
export async function setCourseAffiliateRate(db: Db, courseId: number, rate: number | null) {
  const result = await db
    .updateTable('courses')
    .set({ affiliate_rate: rate })
    .where('id', '=', courseId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ids, names and SMS codes of packages (course_pods) of any course and state. */
export function packageNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('course_pods').select(['id', 'name', 'sms_code']).where('id', 'in', ids).orderBy('id').execute();
}

/** Every course by title with each of its packages (a course without one comes once, `pod_id` null). */
export function coursesWithPackages(db: Db, limit: number) {
  return db
    .selectFrom('courses')
    .leftJoin('course_pods', 'course_pods.course_id', 'courses.id')
    .select(['courses.id', 'courses.title', 'course_pods.id as pod_id', 'course_pods.name', 'course_pods.cycle'])
    .orderBy('courses.title')
    .orderBy('course_pods.position')
    .orderBy('course_pods.id')
    .limit(limit)
    .execute();
}

/** A course in any state by id: what the studio's enrolment grants name and link to. */
export function findCourseRef(db: Db, id: number) {
  return db.selectFrom('courses').select(['id', 'title', 'slug', 'type']).where('id', '=', id).executeTakeFirst();
}

/** Courses by title, any state (the studio's choices when granting a course). */
export function courseChoices(db: Db, limit: number) {
  return db.selectFrom('courses').select(['id', 'title']).orderBy('title').limit(limit).execute();
}
