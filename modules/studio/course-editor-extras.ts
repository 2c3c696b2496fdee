/** Wires the studio course editor, part 2: combos/quizzes/scheduling/reorder, resumable uploads, questions. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ObjectStorage } from '../media/storage.ts';
import { createCourseExtrasService } from './course-extras.service.ts';
import type { StudioCoursesService } from './courses.service.ts';
import { createQuestionsService } from './questions.service.ts';
import type { StudioService } from './studio.service.ts';
import { createVideoUploadsService } from './video-uploads.service.ts';

export type { CourseExtrasService } from './course-extras.service.ts';
export type { QuestionsService } from './questions.service.ts';
export type { VideoUploadsService } from './video-uploads.service.ts';

export function createCourseEditorExtras(deps: {
  db: Kysely<Database>;
  audit: StudioService['audit'];
  courses: StudioCoursesService;
  /** Partial uploads on local storage (DATA_DIR/video-uploads); with S3 they are multipart uploads. */
  uploadsDir: string;
  storage: ObjectStorage;
  videoMaxBytes: number;
}) {
  const { db, audit, courses } = deps;
  return {
    courseExtras: createCourseExtrasService({ db, audit, courses }),
    videoUploads: createVideoUploadsService({
      db,
      dir: deps.uploadsDir,
      maxBytes: deps.videoMaxBytes,
      audit,
      courses,
      storage: deps.storage,
    }),
    questions: createQuestionsService({ db }),
  };
}
