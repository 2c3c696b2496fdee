/** The learning extras wired together: quizzes, notes and discussion, reviews, certificates. */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { Throttle } from './cache/throttle.ts';
import type { CourseService } from './catalog/course.service.ts';
import { lessonIn, lessonsWithCourse } from './catalog/index.ts';
import { type AccountsService, userNamed } from './accounts/index.ts';
import { createCertificatesService, type CertificatesService } from './certificates/certificates.service.ts';
import { createDiscussionService, type DiscussionService } from './discussion/discussion.service.ts';
import type { DiscussionLookups } from './discussion/index.ts';
import type { NotificationsService } from './notifications/notifications.service.ts';
import { createQuizzesService, type QuizzesService } from './quizzes/quizzes.service.ts';
import { createReviewsService, type ReviewsService } from './reviews/reviews.service.ts';
import type { LessonAccessService } from './learning/lesson-access.ts';

export interface LearningExtrasServices {
  quizzes: QuizzesService;
  discussion: DiscussionService;
  reviews: ReviewsService;
  certificates: CertificatesService;
}

export function createLearningExtrasServices(deps: {
  db: Kysely<Database>;
  env: Pick<Env, 'PUBLIC_URL' | 'SITE_NAME'>;
  lessonAccess: LessonAccessService;
  notifications: NotificationsService;
  throttle: Throttle;
  course: CourseService;
  /** Completes the lesson when its quiz is passed (the progress service). */
  onQuizPassed?: (userId: number, lessonId: number) => Promise<void> | void;
}): LearningExtrasServices {
  const { db, lessonAccess } = deps;
  return {
    quizzes: createQuizzesService({
      db,
      lessonAccess,
      ...(deps.onQuizPassed ? { onQuizPassed: deps.onQuizPassed } : {}),
    }),
    discussion: createDiscussionService({
      db,
      lessonAccess,
      notifications: deps.notifications,
      throttle: deps.throttle,
    }),
    reviews: createReviewsService({ db, lessonAccess, course: deps.course }),
    certificates: createCertificatesService({ db, publicUrl: deps.env.PUBLIC_URL, siteName: deps.env.SITE_NAME }),
  };
}

/** What the discussion's studio lists read of others' tables: the catalog's lessons, the accounts' names. */
export function discussionLookups(
  db: Kysely<Database>,
  accounts: Pick<AccountsService, 'contactsOf'>,
): DiscussionLookups {
  return {
    lessonsOf: (ids) => lessonsWithCourse(db, ids),
    lessonIn: (column, scope) => lessonIn(db, column, scope),
    namesOf: (ids) => accounts.contactsOf(ids),
    userNamed: (column, text) => userNamed(db, column, text),
  };
}
