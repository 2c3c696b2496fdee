/**
 * Part of the composition root: the studio's course editor. The catalog's course operations get
 * their ports filled here — the studio's audit log (and its entries made by the scheduler), a
 * lesson's video from the video module, quiz editing from the quizzes module.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { AuditLog } from '../kernel/auth/index.ts';
import type { Cache } from './cache/index.ts';
import { createCourseAdmin, createCourseExtrasAdmin, type CourseVideos } from './catalog/index.ts';
import { createQuizzesAdmin } from './quizzes/index.ts';
import { insertAudit } from './studio/studio.repository.ts';
import type { Actor } from './studio/studio.service.ts';

export function createCourseEditorServices(deps: {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  audit: AuditLog<Actor>;
  video: CourseVideos;
}) {
  const { db, audit } = deps;
  const studioCourses = createCourseAdmin<Actor>(deps);
  return {
    studioCourses,
    // The editor's other panels: combos, scheduling, reorder, and quizzes edited by their owner.
    courseExtras: createCourseExtrasAdmin<Actor>({
      db,
      audit,
      systemAudit: (name, action, target, summary) =>
        insertAudit(
          db,
          {
            actorId: null,
            actorName: name,
            action,
            targetType: target.type,
            targetId: String(target.id),
            summary,
            ip: null,
          },
          nowIso(),
        ),
      courses: studioCourses,
      quizzes: createQuizzesAdmin({ db }),
    }),
  };
}
