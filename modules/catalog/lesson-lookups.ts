/**
 * The catalog's lessons as other modules read them (the discussion's studio lists): the lessons
 * with their course by id, and a condition "this column holds a lesson in scope" that another
 * module's query embeds, so its paging and count stay one statement on its own table; and a
 * lesson's file (the discussion's documents).
 */
import { type Expression, sql, type SqlBool } from 'kysely';
import { type Db, foldedMatch } from '../../kernel/db/index.ts';

export interface LessonRef {
  id: number;
  title: string;
  course_id: number;
  course_title: string;
  course_slug: string;
}

/** The lessons among `ids` with their course; unknown ids are left out. */
export function lessonsWithCourse(db: Db, ids: number[]): Promise<LessonRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select([
      'lessons.id',
      'lessons.title',
      'courses.id as course_id',
      'courses.title as course_title',
      'courses.slug as course_slug',
    ])
    .where('lessons.id', 'in', [...new Set(ids)])
    .execute();
}

/** The file of lesson `lessonId` (`lessons.video_url`: a document lesson's document), null when none or unknown. */
export async function lessonFileUrl(db: Db, lessonId: number): Promise<string | null> {
  const row = await db.selectFrom('lessons').select(['video_url']).where('id', '=', lessonId).executeTakeFirst();
  return row?.video_url ?? null;
}

/** Which lessons: of a teacher's courses, of one course, whose title or course title holds a (folded) text. */
export interface LessonScope {
  teacherId?: number | undefined;
  courseId?: number | undefined;
  text?: string | undefined;
}

/** `column in (the ids of the lessons in scope)`. */
export function lessonIn(db: Db, column: string, scope: LessonScope): Expression<SqlBool> {
  let query = db.selectFrom('lessons').innerJoin('courses', 'courses.id', 'lessons.course_id').select('lessons.id');
  if (scope.teacherId !== undefined) query = query.where('courses.teacher_id', '=', scope.teacherId);
  if (scope.courseId !== undefined) query = query.where('courses.id', '=', scope.courseId);
  if (scope.text) query = query.where(foldedMatch(['lessons.title', 'courses.title'], scope.text));
  return sql<SqlBool>`${sql.ref(column)} in (${query})`;
}
