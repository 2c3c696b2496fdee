/**
 * The candidate's side of the exams: the list and details of contests, starting (or resuming) an
 * attempt, saving answers (idempotent, order-proof, refused after the deadline), submitting, the
 * result and the ranking. Every read that meets an attempt past its deadline closes it first, so
 * correctness never waits for the deadline runner (server/main.ts), which only makes it prompt.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { canonicalKey, createAuthoring, hashEntryCode, type KeyInput } from './exams.authoring.ts';
import { createGrader } from './exams.grading.ts';
import { orderQuestions, shuffleSeed } from './exams.layout.ts';
import { roomQuestion, toShownAnswer } from './exams.present.ts';
import * as repo from './exams.repository.ts';
import type { LiveSessionCondition } from './exams.repository.ts';
import { createSaves } from './exams.saves.ts';
import { createContestCertificates, type ContestCertifier } from './exams.certificates.ts';
import { createReminders, type Notify } from './exams.reminders.ts';
import { createResults } from './exams.results.ts';
import { toPoints } from './exams.scoring.ts';
import type { AttemptRow } from './exams.table.ts';

export interface ExamsDeps {
  db: Kysely<Database>;
  /** Whether a learner owns a course (the enrolments service), for contests open to its buyers. */
  ownsCourse: (userId: number, courseId: number) => Promise<boolean>;
  /** The notifications service's notify (in-app and Web Push): contest reminders. */
  notify?: Notify;
  /** The certificates service: contest certificates. */
  certifier?: ContestCertifier;
  log?: { error(object: unknown, message: string): void };
  now?: () => Date;
  /**
   * The accounts module's live-session condition: answer saves check the session in their own
   * statement (exams.saves.ts). Without it every save takes the checked path.
   */
  liveSession?: LiveSessionCondition;
}

export type ContestState = 'upcoming' | 'open' | 'closed';

export function contestState(contest: Pick<repo.ContestWithExam, 'opens_at' | 'closes_at'>, at: Date): ContestState {
  if (contest.opens_at !== null && at < readDate(contest.opens_at)) return 'upcoming';
  if (contest.closes_at !== null && at >= readDate(contest.closes_at)) return 'closed';
  return 'open';
}

function requireViewer(userId: number | null): number {
  if (userId === null) throw new AppError('UNAUTHENTICATED', 'Đăng nhập để làm bài thi và lưu kết quả.');
  return userId;
}

export function contestSummary(contest: repo.ContestWithExam, at: Date) {
  return {
    slug: contest.slug,
    title: contest.title,
    kind: contest.kind,
    state: contestState(contest, at),
    exam: { slug: contest.exam_slug, title: contest.exam_title, subject: contest.subject, template: contest.template },
    opens_at: isoOrNull(contest.opens_at),
    closes_at: isoOrNull(contest.closes_at),
    duration_seconds: contest.duration_seconds,
    max_attempts: contest.max_attempts,
    entry_rule: contest.entry_rule,
    key_visibility: contest.key_visibility,
    is_ranked: contest.is_ranked === 1,
  };
}

export function createExamsService({
  db,
  ownsCourse,
  notify,
  certifier,
  log,
  liveSession,
  now = () => new Date(),
}: ExamsDeps) {
  const grader = createGrader(db, now);
  const authoring = createAuthoring(db);
  const reminders = createReminders({ db, now, notify, log });
  const certificates = createContestCertificates({ db, now, grader, certifier });

  async function contestOr404(slug: string) {
    const contest = await repo.findContest(db, { slug });
    if (!contest) throw new AppError('NOT_FOUND', 'Không tìm thấy kỳ thi.');
    return contest;
  }

  /** The candidate's own attempt (another's is "not found"), closed first when past its deadline. */
  async function ownAttempt(userId: number, attemptId: number): Promise<AttemptRow> {
    let attempt = await repo.findAttempt(db, attemptId);
    if (!attempt || attempt.user_id !== userId) throw new AppError('NOT_FOUND', 'Không tìm thấy lượt làm bài.');
    if (grader.isDue(attempt)) {
      await grader.close(attempt.id, 'deadline');
      attempt = (await repo.findAttempt(db, attemptId))!;
    }
    return attempt;
  }

  /** The candidate's room; `fresh`: an attempt just created, whose questions were read by the caller and which has no answer yet. */
  async function room(
    attempt: AttemptRow,
    contest: repo.ContestWithExam,
    fresh?: { questions: Awaited<ReturnType<typeof repo.listQuestions>> },
  ) {
    const [parts, questions, passages, answers] = await Promise.all([
      repo.listParts(db, contest.exam_id),
      fresh ? fresh.questions : repo.listQuestions(db, contest.exam_id),
      repo.listPassages(db, contest.exam_id),
      fresh ? [] : repo.listAnswers(db, attempt.id),
    ]);
    const layout = { seed: attempt.shuffle_seed, shuffle: contest.shuffle === 1 };
    const partById = new Map(parts.map((part) => [part.id, part]));
    const ordered = orderQuestions(parts, questions, attempt.shuffle_seed, layout.shuffle);
    const byId = new Map(questions.map((question) => [question.id, question]));
    const usedPassages = new Set(questions.map((question) => question.passage_id));
    return {
      attempt_id: attempt.id,
      contest: { slug: contest.slug, title: contest.title, kind: contest.kind },
      exam: { title: contest.exam_title, subject: contest.subject, template: contest.template },
      started_at: iso(attempt.started_at),
      deadline: iso(attempt.deadline_at),
      server_now: now().toISOString(),
      parts: parts.map((part) => ({
        position: part.position,
        title: part.title,
        type: part.question_type,
        points: toPoints(part.points),
        count: questions.filter((question) => question.part_id === part.id).length,
      })),
      passages: passages
        .filter((passage) => usedPassages.has(passage.id))
        .map((passage) => ({
          id: passage.id,
          title: passage.title,
          html: passage.content_html,
          audio_url: passage.audio_url,
        })),
      questions: ordered.map((question, index) =>
        roomQuestion(question, index + 1, partById.get(question.part_id)!, layout),
      ),
      answers: answers.map((answer) => ({
        question_id: answer.question_id,
        answer: toShownAnswer(byId.get(answer.question_id)!, JSON.parse(answer.answer), layout),
        seq: answer.seq,
      })),
      last_seq: answers.reduce((max, answer) => Math.max(max, answer.seq), 0),
    };
  }

  async function checkEntry(userId: number, contest: repo.ContestWithExam, code: string | undefined) {
    if (contest.entry_rule === 'course') {
      if (contest.entry_course_id === null || !(await ownsCourse(userId, contest.entry_course_id)))
        throw new AppError('FORBIDDEN', 'Kỳ thi này dành cho học viên đã mua khoá học đi kèm.');
    }
    if (contest.entry_rule === 'code') {
      if (!code?.trim()) throw new AppError('FORBIDDEN', 'Kỳ thi này cần mã dự thi: hãy nhập mã được cấp.');
      if (hashEntryCode(code) !== contest.entry_code_hash) throw new AppError('FORBIDDEN', 'Mã dự thi không đúng.');
    }
  }

  async function start(viewerId: number | null, slug: string, code?: string) {
    const userId = requireViewer(viewerId);
    const contest = await contestOr404(slug);
    const at = now();
    let attempts = await repo.listAttemptsOf(db, contest.id, userId);
    const due = attempts.filter((attempt) => grader.isDue(attempt));
    for (const attempt of due) await grader.close(attempt.id, 'deadline');
    if (due.length > 0) attempts = await repo.listAttemptsOf(db, contest.id, userId);
    const open = attempts.find((attempt) => attempt.status === 'open');
    if (open) return room(open, contest);

    const state = contestState(contest, at);
    if (state === 'upcoming') throw new AppError('BUSINESS_RULE', 'Kỳ thi chưa mở: hãy quay lại khi đến giờ thi.');
    if (state === 'closed') throw new AppError('BUSINESS_RULE', 'Kỳ thi đã kết thúc: không thể bắt đầu lượt mới.');
    if (contest.max_attempts !== null && attempts.length >= contest.max_attempts)
      throw new AppError('BUSINESS_RULE', 'Bạn đã dùng hết số lượt làm bài của kỳ thi này.');
    await checkEntry(userId, contest, code);

    const byDuration = at.getTime() + contest.duration_seconds * 1000;
    const deadline = contest.closes_at ? Math.min(byDuration, readDate(contest.closes_at).getTime()) : byDuration;
    const questions = await repo.listQuestions(db, contest.exam_id);
    const maxScore = questions.reduce((sum, q) => sum + q.points, 0);
    try {
      const attempt = await repo.insertAttempt(db, {
        contest_id: contest.id,
        user_id: userId,
        attempt_no: attempts.length + 1,
        status: 'open',
        shuffle_seed: shuffleSeed(contest.id, userId),
        started_at: at.toISOString(),
        deadline_at: new Date(deadline).toISOString(),
        max_score: maxScore,
      });
      return room(attempt, contest, { questions });
    } catch (error) {
      // Two starts at once: the other one created the attempt; both get the same room.
      if (!isUniqueViolation(error)) throw error;
      const again = (await repo.listAttemptsOf(db, contest.id, userId)).find((attempt) => attempt.status === 'open');
      if (!again) throw error;
      return room(again, contest);
    }
  }

  const saves = createSaves({ db, grader, now, liveSession });

  const results = createResults({ db, now, ownAttempt, grader });

  /** A submitted attempt's result, with the contest certificate once issued (for the ranked attempt). */
  async function result(viewerId: number | null, attemptId: number) {
    const userId = requireViewer(viewerId);
    const shown = await results.result(userId, attemptId);
    const attempt = (await repo.findAttempt(db, attemptId))!;
    const certificate = attempt.attempt_no === 1 ? await certificates.certificateOf(userId, attempt.contest_id) : null;
    return { ...shown, certificate };
  }

  async function submit(viewerId: number | null, attemptId: number) {
    const userId = requireViewer(viewerId);
    const attempt = await ownAttempt(userId, attemptId);
    if (attempt.status === 'open') await grader.close(attempt.id, 'candidate');
    return result(userId, attemptId);
  }

  async function list(filter: { state?: ContestState; subject?: string; kind?: 'contest' | 'practice' }) {
    const at = now();
    return (await repo.listContests(db, { subject: filter.subject }))
      .map((contest) => contestSummary(contest, at))
      .filter(
        (contest) =>
          (!filter.state || contest.state === filter.state) && (!filter.kind || contest.kind === filter.kind),
      );
  }

  async function details(viewerId: number | null, slug: string) {
    const contest = await contestOr404(slug);
    const at = now();
    const [parts, questions] = await Promise.all([
      repo.listParts(db, contest.exam_id),
      repo.listQuestions(db, contest.exam_id),
    ]);
    let mine = null;
    if (viewerId !== null) {
      await grader.closeDue(contest.id);
      const attempts = await repo.listAttemptsOf(db, contest.id, viewerId);
      mine = {
        attempts_used: attempts.length,
        attempts_left: contest.max_attempts === null ? null : Math.max(0, contest.max_attempts - attempts.length),
        open_attempt_id: attempts.find((attempt) => attempt.status === 'open')?.id ?? null,
        submitted_attempt_ids: attempts
          .filter((attempt) => attempt.status === 'submitted')
          .map((attempt) => attempt.id),
        reminding: await reminders.isReminded(viewerId, contest.id),
      };
    }
    return {
      ...contestSummary(contest, at),
      server_now: at.toISOString(),
      question_count: questions.length,
      max_score: toPoints(questions.reduce((sum, question) => sum + question.points, 0)),
      parts: parts.map((part) => ({
        position: part.position,
        title: part.title,
        type: part.question_type,
        points: toPoints(part.points),
        count: questions.filter((question) => question.part_id === part.id).length,
      })),
      requires_code: contest.entry_rule === 'code',
      viewer: mine,
      certificate_min_score: contest.certificate_min_score === null ? null : toPoints(contest.certificate_min_score),
    };
  }

  /** Corrects a question's key and re-grades every submitted attempt of every contest of its exam. */
  async function correctKey(questionId: number, key: KeyInput): Promise<{ regraded: number }> {
    const question = await repo.findQuestionForSave(db, questionId);
    if (!question) throw new AppError('NOT_FOUND', 'Không tìm thấy câu hỏi.');
    const stored = canonicalKey(question.type, key, question.answer_boxes, 'Đáp án mới');
    await repo.updateQuestionKey(db, questionId, JSON.stringify(stored), now().toISOString());
    let regraded = 0;
    for (const contest of await repo.findContestsOfExam(db, question.exam_id)) {
      regraded += await grader.regradeContest(contest.id);
      await certificates.reviseAfterRegrade(contest.id);
    }
    return { regraded };
  }

  return {
    list,
    correctKey,
    details,
    start,
    saveAnswer: saves.saveAnswer,
    submit,
    result,
    remind: (viewerId: number | null, slug: string) => reminders.remind(requireViewer(viewerId), slug),
    unremind: (viewerId: number | null, slug: string) => reminders.unremind(requireViewer(viewerId), slug),
    remindedSlugs: reminders.remindedSlugs,
    /** The details of the contest an exam_gate post presents, for this viewer; null when it links none. */
    async contestOfPost(viewerId: number | null, postId: number) {
      const linked = await repo.findContestSlugOfPost(db, postId);
      return linked ? details(viewerId, linked.slug) : null;
    },
    ranking: results.ranking,
    /** Closes and grades every attempt past its deadline. */
    closeDue: () => grader.closeDue(),
    /**
     * The runner's tick (every instance, server/main.ts): attempts past their deadline are closed
     * and graded, due reminders sent (each claimed once), final results certified (idempotent).
     */
    async tick() {
      const closed = await grader.closeDue();
      const reminded = await reminders.sendDue();
      const certified = await certificates.issueDue();
      return { closed, reminded, certified };
    },
    regradeContest: grader.regradeContest,
    ...authoring,
  };
}

export type ExamsService = ReturnType<typeof createExamsService>;
