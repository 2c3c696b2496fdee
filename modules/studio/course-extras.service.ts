/**
 * The studio course editor, part 2: a combo's child courses, a quiz lesson's questions, the
 * scheduled publish time (and the job that publishes due courses, safe with several processes),
 * and the one-call reorder of the whole lesson tree. Every write is audited.
 */
import type { Kysely } from 'kysely';
import { LOCK_SPACE, lockWithinTransaction, nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './courses.repository.ts';
import type { StudioCoursesService } from './courses.service.ts';
import { insertAudit } from './studio.repository.ts';
import type { Actor, StudioService } from './studio.service.ts';

export interface QuizInput {
  pass_percent: number;
  max_attempts: number | null;
  time_limit_seconds: number | null;
  shuffle: boolean;
  questions: {
    id?: number | undefined;
    kind: 'single' | 'multiple';
    prompt: string;
    explanation: string | null;
    options: { id?: number | undefined; label: string; is_correct: boolean }[];
  }[];
}

const SCHEDULER = 'Hệ thống (lịch xuất bản)';

export type CourseExtrasService = ReturnType<typeof createCourseExtrasService>;

export function createCourseExtrasService(deps: {
  db: Kysely<Database>;
  audit: StudioService['audit'];
  courses: StudioCoursesService;
}) {
  const { db, audit, courses } = deps;

  async function requireCourse(id: number) {
    const course = await repo.findCourse(db, id);
    if (!course) throw new AppError('NOT_FOUND', 'Không tìm thấy khóa học.');
    return course;
  }

  // ── Combos ──────────────────────────────────────────────────────────────────────────────────

  async function children(comboId: number) {
    await requireCourse(comboId);
    const rows = await db
      .selectFrom('course_children')
      .innerJoin('courses', 'courses.id', 'course_children.child_id')
      .select(['courses.id', 'courses.slug', 'courses.title', 'courses.type', 'courses.is_published'])
      .where('course_children.combo_id', '=', comboId)
      .orderBy('course_children.position')
      .orderBy('courses.id')
      .execute();
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
    const found =
      childIds.length === 0
        ? []
        : await db.selectFrom('courses').select(['id', 'type', 'title']).where('id', 'in', childIds).execute();
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
      await trx.deleteFrom('course_children').where('combo_id', '=', comboId).execute();
      if (childIds.length > 0)
        await trx
          .insertInto('course_children')
          .values(childIds.map((child_id, position) => ({ combo_id: comboId, child_id, position })))
          .execute();
      await trx.updateTable('courses').set({ updated_at: nowIso() }).where('id', '=', comboId).execute();
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
    const due = await db
      .selectFrom('courses')
      .select(['id', 'publish_at', 'published_at'])
      .where('is_published', '=', 0)
      .where('publish_at', 'is not', null)
      .where('publish_at', '<=', now.toISOString())
      .orderBy('publish_at')
      .limit(100)
      .execute();
    const published: number[] = [];
    const failed: number[] = [];
    for (const row of due) {
      const at = readDate(row.publish_at!).toISOString();
      const entry = (action: string, summary: object) =>
        insertAudit(
          db,
          {
            actorId: null,
            actorName: SCHEDULER,
            action,
            targetType: 'course',
            targetId: String(row.id),
            summary,
            ip: null,
          },
          nowIso(),
        );
      try {
        await courses.assertPublishable(row.id);
      } catch (error) {
        // No longer publishable (a package was stopped…): the schedule is dropped, and said so.
        const dropped = await db
          .updateTable('courses')
          .set({ publish_at: null })
          .where('id', '=', row.id)
          .where('is_published', '=', 0)
          .where('publish_at', '=', at)
          .executeTakeFirst();
        if (Number(dropped.numUpdatedRows) === 1) {
          await entry('course.schedule_failed', { publish_at: at, reason: (error as Error).message });
          failed.push(row.id);
        }
        continue;
      }
      const stamp = nowIso();
      const claimed = await db
        .updateTable('courses')
        .set({
          is_published: 1,
          publish_at: null,
          // The first publication date stays (the slug is fixed from then on).
          published_at: row.published_at ? readDate(row.published_at).toISOString() : stamp,
          updated_at: stamp,
        })
        .where('id', '=', row.id)
        .where('is_published', '=', 0)
        .where('publish_at', '=', at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
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
        await trx.updateTable('lessons').set({ position }).where('id', '=', chapter.id).execute();
        for (const [index, lessonId] of chapter.lessons.entries())
          await trx
            .updateTable('lessons')
            .set({ parent_id: chapter.id, position: index })
            .where('id', '=', lessonId)
            .where('course_id', '=', courseId)
            .execute();
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
    const settings = await db.selectFrom('quizzes').selectAll().where('lesson_id', '=', lessonId).executeTakeFirst();
    const questions = await db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('lesson_id', '=', lessonId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const options =
      questions.length === 0
        ? []
        : await db
            .selectFrom('quiz_options')
            .selectAll()
            .where(
              'question_id',
              'in',
              questions.map((q) => q.id),
            )
            .orderBy('position')
            .orderBy('id')
            .execute();
    return {
      lesson_id: lessonId,
      pass_percent: settings ? Number(settings.pass_percent) : 80,
      max_attempts: settings?.max_attempts ?? null,
      time_limit_seconds: settings?.time_limit_seconds ?? null,
      shuffle: Boolean(settings?.shuffle),
      questions: questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        explanation: q.explanation,
        options: options
          .filter((o) => o.question_id === q.id)
          .map((o) => ({ id: o.id, label: o.label, is_correct: Boolean(o.is_correct) })),
      })),
    };
  }

  /** Field errors for the answer keys: every question needs a correct answer, exactly one when single choice. */
  function checkAnswers(input: QuizInput) {
    const fields: Record<string, string> = {};
    input.questions.forEach((q, index) => {
      const correct = q.options.filter((o) => o.is_correct).length;
      if (correct === 0) fields[`questions.${index}.options`] = 'Hãy đánh dấu ít nhất một đáp án đúng.';
      else if (q.kind === 'single' && correct > 1)
        fields[`questions.${index}.options`] = 'Câu một lựa chọn chỉ có đúng một đáp án đúng.';
    });
    const first = Object.entries(fields)[0];
    if (first) {
      const number = Number(first[0].split('.')[1]) + 1;
      throw new AppError('VALIDATION_FAILED', `Câu ${number}: ${first[1]}`, fields);
    }
  }

  /**
   * Saves a quiz's settings and questions. Questions and answers sent with their id keep it (past
   * attempts still review against them); those left out are removed; new ones are added.
   */
  async function saveQuiz(actor: Actor, courseId: number, lessonId: number, input: QuizInput) {
    await requireExam(courseId, lessonId);
    checkAnswers(input);
    const foreign = new AppError('VALIDATION_FAILED', 'Câu hỏi hoặc đáp án không thuộc bài kiểm tra này.');
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const settings = {
        pass_percent: input.pass_percent,
        max_attempts: input.max_attempts,
        time_limit_seconds: input.time_limit_seconds,
        shuffle: input.shuffle ? 1 : 0,
        updated_at: now,
      };
      const existing = await trx
        .selectFrom('quizzes')
        .select('lesson_id')
        .where('lesson_id', '=', lessonId)
        .executeTakeFirst();
      if (existing) await trx.updateTable('quizzes').set(settings).where('lesson_id', '=', lessonId).execute();
      else
        await trx
          .insertInto('quizzes')
          .values({ lesson_id: lessonId, created_at: now, ...settings })
          .execute();

      const oldQuestions = (
        await trx.selectFrom('quiz_questions').select('id').where('lesson_id', '=', lessonId).execute()
      ).map((q) => q.id);
      const kept = input.questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
      if (kept.some((id) => !oldQuestions.includes(id)) || new Set(kept).size !== kept.length) throw foreign;
      const removed = oldQuestions.filter((id) => !kept.includes(id));
      if (removed.length > 0) {
        await trx.deleteFrom('quiz_options').where('question_id', 'in', removed).execute();
        await trx.deleteFrom('quiz_questions').where('id', 'in', removed).execute();
      }
      for (const [position, question] of input.questions.entries()) {
        const values = { kind: question.kind, prompt: question.prompt, explanation: question.explanation, position };
        let questionId = question.id;
        if (questionId === undefined)
          ({ id: questionId } = await trx
            .insertInto('quiz_questions')
            .values({ lesson_id: lessonId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow());
        else await trx.updateTable('quiz_questions').set(values).where('id', '=', questionId).execute();
        const oldOptions = (
          await trx.selectFrom('quiz_options').select('id').where('question_id', '=', questionId).execute()
        ).map((o) => o.id);
        const keptOptions = question.options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
        if (keptOptions.some((id) => !oldOptions.includes(id))) throw foreign;
        const gone = oldOptions.filter((id) => !keptOptions.includes(id));
        if (gone.length > 0) await trx.deleteFrom('quiz_options').where('id', 'in', gone).execute();
        for (const [index, option] of question.options.entries()) {
          const row = { label: option.label, is_correct: option.is_correct ? 1 : 0, position: index };
          if (option.id === undefined)
            await trx
              .insertInto('quiz_options')
              .values({ question_id: questionId, ...row })
              .execute();
          else await trx.updateTable('quiz_options').set(row).where('id', '=', option.id).execute();
        }
      }
    });
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
    return quiz(courseId, lessonId);
  }

  return { children, setChildren, schedule, publishDue, reorder, quiz, saveQuiz };
}
