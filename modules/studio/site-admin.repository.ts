/**
 * Queries of the studio site pages. These tables are small (tens to hundreds of rows): lists are
 * read whole and searched, sorted and paged in the service, so the search folds Vietnamese marks.
 */
import type { Insertable, Updateable } from 'kysely';
import type { NewBanner, NewNavigationItem, NewRouteRule, SubjectsTable, TeachersTable } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function listBanners(db: Db, placement?: number) {
  let query = db.selectFrom('banners').selectAll();
  if (placement !== undefined) query = query.where('placement', '=', placement);
  return query.orderBy('placement').orderBy('position').orderBy('id').execute();
}

export function findBanner(db: Db, id: number) {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateBanner(db: Db, id: number, values: Partial<NewBanner>) {
  await db.updateTable('banners').set(values).where('id', '=', id).execute();
}

export async function deleteBanner(db: Db, id: number) {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}

export function listNavigation(db: Db) {
  return db.selectFrom('navigation_items').selectAll().orderBy('menu').orderBy('position').orderBy('id').execute();
}

export function findNavigationItem(db: Db, id: number) {
  return db.selectFrom('navigation_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateNavigationItem(db: Db, id: number, values: Partial<NewNavigationItem>) {
  await db.updateTable('navigation_items').set(values).where('id', '=', id).execute();
}

export async function deleteNavigationItem(db: Db, id: number) {
  // Children go with their parent (the foreign key cascades; SQLite without the pragma too).
  await db.deleteFrom('navigation_items').where('parent_id', '=', id).execute();
  await db.deleteFrom('navigation_items').where('id', '=', id).execute();
}

export function listRouteRules(db: Db) {
  return db.selectFrom('route_rules').selectAll().orderBy('path').execute();
}

export function findRouteRule(db: Db, id: number) {
  return db.selectFrom('route_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRouteRuleByPath(db: Db, path: string) {
  return db.selectFrom('route_rules').select(['id']).where('path', '=', path).executeTakeFirst();
}

export async function updateRouteRule(db: Db, id: number, values: Partial<NewRouteRule>) {
  await db.updateTable('route_rules').set(values).where('id', '=', id).execute();
}

export async function deleteRouteRule(db: Db, id: number) {
  await db.deleteFrom('route_rules').where('id', '=', id).execute();
}

export function listTeachers(db: Db) {
  return db
    .selectFrom('teachers')
    .leftJoin('users', 'users.id', 'teachers.user_id')
    .selectAll('teachers')
    .select('users.full_name as user_name')
    .select((eb) =>
      eb
        .selectFrom('courses')
        .whereRef('courses.teacher_id', '=', 'teachers.id')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .as('course_count'),
    )
    .orderBy('teachers.full_name')
    .orderBy('teachers.id')
    .execute();
}

export function findTeacher(db: Db, id: number) {
  return db.selectFrom('teachers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function slugTaken(db: Db, table: 'teachers' | 'subjects', slug: string) {
  return db.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst();
}

export function teacherOfUser(db: Db, userId: number) {
  return db.selectFrom('teachers').select(['id', 'full_name']).where('user_id', '=', userId).executeTakeFirst();
}

export function findUserRole(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'role', 'full_name']).where('id', '=', userId).executeTakeFirst();
}

export function listSubjects(db: Db) {
  return db.selectFrom('subjects').selectAll().orderBy('type').orderBy('position').orderBy('id').execute();
}

export function findSubject(db: Db, id: number) {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertTeacher(db: Db, values: Insertable<TeachersTable>) {
  return db.insertInto('teachers').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateTeacher(db: Db, id: number, values: Updateable<TeachersTable>) {
  await db.updateTable('teachers').set(values).where('id', '=', id).execute();
}

export async function deleteTeacher(db: Db, id: number) {
  await db.updateTable('courses').set({ teacher_id: null }).where('teacher_id', '=', id).execute();
  await db.deleteFrom('teachers').where('id', '=', id).execute();
}

export function insertSubject(db: Db, values: Insertable<SubjectsTable>) {
  return db.insertInto('subjects').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateSubject(db: Db, id: number, values: Updateable<SubjectsTable>) {
  await db.updateTable('subjects').set(values).where('id', '=', id).execute();
}

export async function deleteSubject(db: Db, id: number) {
  await db.deleteFrom('course_subjects').where('subject_id', '=', id).execute();
  await db.deleteFrom('subject_likes').where('subject_id', '=', id).execute();
  await db.deleteFrom('subjects').where('id', '=', id).execute();
}

/** Accounts with the teacher role, for linking a profile. */
export function listTeacherAccounts(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'phone', 'email'])
    .where('role', '=', 'teacher')
    .orderBy('full_name')
    .limit(500)
    .execute();
}
