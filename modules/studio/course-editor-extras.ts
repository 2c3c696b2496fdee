/** Wires the studio course editor, part 2: combos/quizzes/scheduling/reorder. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createCourseExtrasService } from './course-extras.service.ts';
import type { StudioCoursesService } from './courses.service.ts';
import type { StudioService } from './studio.service.ts';

export type { CourseExtrasService } from './course-extras.service.ts';

export function createCourseEditorExtras(deps: {
  db: Kysely<Database>;
  audit: StudioService['audit'];
  courses: StudioCoursesService;
}) {
  const { db, audit, courses } = deps;
  return {
    courseExtras: createCourseExtrasService({ db, audit, courses }),
  };
}
