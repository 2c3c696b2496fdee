/**
 * Queries of the studio's teachers and subjects (the names of linked accounts come from accounts). These tables are small (tens to hundreds of rows):
 * lists are read whole and searched, sorted and paged in the service, so the search folds
 * Vietnamese marks.
 */
import type { Insertable, Updateable } from 'kysely';
import type { SubjectsTable, TeachersTable } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function listTeachers(db: Db) {
  return db
    .selectFrom('teachers')
    .selectAll('teachers')
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
