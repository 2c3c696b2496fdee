/**
 * The studio course editor, part 2: a combo's child courses, a quiz lesson's questions, the
 * scheduled publish time (and the job that publishes due courses, safe with several processes),
 * and the one-call reorder of the whole lesson tree. Every write is audited. Quiz editing is the
 * quizzes module's (`quizzes.admin.ts`); this checks the lesson and audits.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LOCK_SPACE, lockWithinTransaction, nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { CourseAdmin, CourseEditor } from './course.admin.ts';
import * as repo from './course.admin.repository.ts';
import type { quizInput, quizSchema } from './course-editor.admin.schemas.ts';

/** A quiz lesson's settings and questions with their answer keys, as the editor sends and shows them. */
export type QuizInput = z.output<typeof quizInput>;
type Quiz = z.output<typeof quizSchema>;

/** The quizzes module's quiz editing (it owns the quiz tables), wired by modules/services.ts. */
export interface QuizEditor {
  quiz(lessonId: number): Promise<Quiz>;
  save(lessonId: number, input: QuizInput): Promise<Quiz>;
}

const SCHEDULER = 'Hệ thống (lịch xuất bản)';

export type CourseExtrasAdmin<Actor extends CourseEditor> = ReturnType<typeof createCourseExtrasAdmin<Actor>>;

export function createCourseExtrasAdmin<Actor extends CourseEditor>(deps: {
  db: Kysely<Database>;
  /** The studio's audit log (modules/services.ts). */
  audit: AuditLog<Actor>;
  /** The same log's entries made by the system, the actor being its name (the scheduled publishing). */
  systemAudit: AuditLog<string>;
  courses: Pick<CourseAdmin<Actor>, 'syncCourse' | 'assertPublishable' | 'detail'>;
  quizzes: QuizEditor;
}) {
  const { db, audit, systemAudit, courses, quizzes } = deps;

  async function requireCourse(id: number) {
    const course = await repo.findCourse(db, id);
    if (!course) throw new AppError('NOT_FOUND', 'Không tìm thấy khóa học.');
    return course;
  }

  // ── Combos ──────────────────────────────────────────────────────────────────────────────────

  async function children(comboId: number) {
    await requireCourse(comboId);
    const rows = await repo.listChildren(db, comboId);
    return rows.map((r) => ({ ...r, is_published: Boolean(r.is_published) }));
  }

  /** Replaces a combo's children: each an existing course that is neither the combo nor a combo. */
  async function setChildren(actor: Actor, comboId: number, childIds: number[]) {
    const combo = await requireCourse(comboId);
    if (combo.type !== 'combo')
      throw new AppError('BUSINESS_RULE', 'Chỉ khóa học loại combo mới có khóa học con.', {
        type: 'Không phải combo.',
      });
    if (new Set(childIds).size !== childIds.length)
      throw new AppError('VALIDATION_FAILED', 'Một khóa học chỉ được chọn một lần.', { child_ids: 'Bị trùng.' });
    if (childIds.includes(comboId))
      throw new AppError('VALIDATION_FAILED', 'Combo không thể chứa chính nó.', { child_ids: 'Chứa chính combo.' });
    const found = await repo.coursesByIds(db, childIds);
    if (found.length !== childIds.length)
      throw new AppError('VALIDATION_FAILED', 'Có khóa học con không tồn tại.', { child_ids: 'Không tồn tại.' });
    const nested = found.find((c) => c.type === 'combo');
    if (nested)
      throw new AppError('VALIDATION_FAILED', `Combo không thể chứa combo khác (${nested.title}).`, {
        child_ids: 'Chứa combo.',
      });
    // Two saves of one combo at once replace the set one after the other (the last save wins).
    await db.transaction().execute(async (trx) => {
      await lockWithinTransaction(trx, LOCK_SPACE.comboChildren, comboId);
      await repo.replaceChildren(trx, comboId, childIds);
      await repo.updateCourse(trx, comboId, { updated_at: nowIso() });
    });
    await audit(actor, 'course.children', { type: 'course', id: comboId }, { child_ids: childIds });
    await courses.syncCourse(comboId);
    return children(comboId);
  }

  // ── Scheduled publishing ────────────────────────────────────────────────────────────────────

  /** Sets (or, with null, cancels) the time the job publishes a draft. */
  async function schedule(actor: Actor, courseId: number, publishAt: string | null, now = new Date()) {
    const course = await requireCourse(courseId);
    if (publishAt !== null) {
      if (course.is_published) throw new AppError('BUSINESS_RULE', 'Khóa học đã được xuất bản.');
      if (readDate(publishAt).getTime() <= now.getTime())
        throw new AppError('VALIDATION_FAILED', 'Thời điểm xuất bản phải ở tương lai.', {
          publish_at: 'Phải ở tương lai.',
        });
      await courses.assertPublishable(courseId);
    }
    const value = publishAt === null ? null : readDate(publishAt).toISOString();
    await repo.updateCourse(db, courseId, { publish_at: value, updated_at: nowIso() });
    await audit(
      actor,
      value ? 'course.schedule' : 'course.unschedule',
      { type: 'course', id: courseId },
      {
        publish_at: value,
      },
    );
    return courses.detail(courseId);
  }

  /**
   * Publishes every draft whose time has come. Each course is claimed with a conditional update
   * (still a draft, still this time), so two processes running the job publish it once.
   */
  async function publishDue(now = new Date()) {
    const due = await repo.listDueDrafts(db, now.toISOString(), 100);
    const published: number[] = [];
    const failed: number[] = [];
    for (const row of due) {
      const at = readDate(row.publish_at!).toISOString();
      const entry = (action: string, summary: object) =>
        systemAudit(SCHEDULER, action, { type: 'course', id: row.id }, summary);
      try {
        await courses.assertPublishable(row.id);
      } catch (error) {
        // No longer publishable (a package was stopped…): the schedule is dropped, and said so.
        if (await repo.updateScheduledDraft(db, row.id, at, { publish_at: null })) {
          await entry('course.schedule_failed', { publish_at: at, reason: (error as Error).message });
          failed.push(row.id);
        }
        continue;
      }
      const stamp = nowIso();
      const claimed = await repo.updateScheduledDraft(db, row.id, at, {
        is_published: 1,
        publish_at: null,
        // The first publication date stays (the slug is fixed from then on).
        published_at: row.published_at ? readDate(row.published_at).toISOString() : stamp,
        updated_at: stamp,
      });
      if (!claimed) continue;
      await entry('course.publish', { scheduled: true, publish_at: at });
      await courses.syncCourse(row.id);
      published.push(row.id);
    }
    return { published, failed };
  }

  // ── Reorder the lesson tree ─────────────────────────────────────────────────────────────────

  /** Saves the whole tree's order (lessons may change chapter) in one transaction, or nothing. */
  async function reorder(actor: Actor, courseId: number, chapters: { id: number; lessons: number[] }[]) {
    await requireCourse(courseId);
    const stale = new AppError(
      'CONFLICT',
      'Thứ tự gửi lên không khớp với cây bài học hiện tại. Vui lòng tải lại trang rồi thử lại.',
    );
    await db.transaction().execute(async (trx) => {
      const tree = await repo.listTree(trx, courseId);
      const chapterIds = tree.filter((l) => l.type === 'category').map((l) => l.id);
      const lessonIds = tree.filter((l) => l.type === 'content').map((l) => l.id);
      const givenChapters = chapters.map((c) => c.id);
      const givenLessons = chapters.flatMap((c) => c.lessons);
      const same = (a: number[], b: number[]) =>
        a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));
      if (!same(givenChapters, chapterIds) || !same(givenLessons, lessonIds)) throw stale;
      for (const [position, chapter] of chapters.entries()) {
        await repo.setPosition(trx, chapter.id, position);
        for (const [index, lessonId] of chapter.lessons.entries())
          await repo.placeLesson(trx, courseId, lessonId, chapter.id, index);
      }
    });
    await audit(actor, 'lesson.reorder', { type: 'course', id: courseId }, { chapters });
    await courses.syncCourse(courseId);
    return courses.detail(courseId);
  }

  // ── Quizzes ─────────────────────────────────────────────────────────────────────────────────

  async function requireExam(courseId: number, lessonId: number) {
    const lesson = await repo.findCourseLesson(db, courseId, lessonId);
    if (!lesson) throw new AppError('NOT_FOUND', 'Không tìm thấy bài học trong khóa học này.');
    if (lesson.content_type !== 'exam')
      throw new AppError('BUSINESS_RULE', 'Bài học này không phải bài kiểm tra.', {
        lesson_id: 'Không phải bài kiểm tra.',
      });
    return lesson;
  }

  async function quiz(courseId: number, lessonId: number) {
    await requireExam(courseId, lessonId);
    return quizzes.quiz(lessonId);
  }

  /** Saves a quiz lesson's settings and questions (the quizzes module's rules), audited. */
  async function saveQuiz(actor: Actor, courseId: number, lessonId: number, input: QuizInput) {
    await requireExam(courseId, lessonId);
    const saved = await quizzes.save(lessonId, input);
    await audit(
      actor,
      'quiz.update',
      { type: 'course', id: courseId },
      {
        lesson_id: lessonId,
        pass_percent: input.pass_percent,
        questions: input.questions.length,
      },
    );
    return saved;
  }

  return { children, setChildren, schedule, publishDue, reorder, quiz, saveQuiz };
}
