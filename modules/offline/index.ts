/** The offline module's public face: licences of downloaded lessons and the sync of offline work (issue 21). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DiscussionService } from '../discussion/index.ts';
import type { LearningService, LessonAccessService } from '../learning/index.ts';
import type { QuizzesService } from '../quizzes/index.ts';
import type { VideoService } from '../video/index.ts';
import { createLicences, type OfflineConfig } from './licences.ts';
import { createOfflinePackages } from './packages.ts';
import { createOfflineSync } from './sync.ts';

export { createLicences, type Licences, type OfflineConfig } from './licences.ts';
export { createOfflineSync, type OfflineSync } from './sync.ts';
export { createOfflinePackages, type OfflinePackages } from './packages.ts';
export { offlineRoutes } from './offline.routes.ts';

/** The offline services the composition root builds: licences, the sync and what a download holds. */
export function createOfflineServices(deps: {
  db: Kysely<Database>;
  lessonAccess: LessonAccessService;
  learning: LearningService;
  discussion: DiscussionService;
  quizzes: QuizzesService;
  video: Pick<VideoService, 'offlineVideo'>;
  config: OfflineConfig;
}) {
  return {
    licences: createLicences({ db: deps.db, lessonAccess: deps.lessonAccess, config: deps.config }),
    sync: createOfflineSync(deps),
    packages: createOfflinePackages({ lessonAccess: deps.lessonAccess, video: deps.video }),
  };
}

export type OfflineServices = ReturnType<typeof createOfflineServices>;
