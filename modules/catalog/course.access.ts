/**
 * Teachers in the studio: "teachers see only their own courses and their learners' questions".
 * A teacher-role user is linked to a teachers row (teachers.user_id); editors and admins see all.
 */
import type { Kysely } from 'kysely';
import type { Database, Role } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { teacherOfUser } from './course.admin.repository.ts';

/** What the course editor reads of the signed-in viewer. */
export interface EditorViewer {
  id: number;
  role: Role;
}

/** The teacher id a teacher signs in as (0 when linked to none: they see nothing); undefined for staff. */
export async function teacherScope(db: Kysely<Database>, viewer: EditorViewer): Promise<number | undefined> {
  if (viewer.role !== 'teacher') return undefined;
  return (await teacherOfUser(db, viewer.id))?.id ?? 0;
}

/** 403 when a teacher opens a course that is not theirs. */
export async function assertCanEdit<T extends { teacher_id: number | null }>(
  db: Kysely<Database>,
  viewer: EditorViewer,
  course: T,
): Promise<T> {
  const scope = await teacherScope(db, viewer);
  if (scope !== undefined && course.teacher_id !== scope)
    throw new AppError('FORBIDDEN', 'Bạn chỉ có thể sửa các khóa học do mình giảng dạy.');
  return course;
}
