/**
 * The studio's contests (permissions contests.read / contests.write): schedule a contest on an
 * existing exam, watch it live, its results (CSV too), item analysis, and key corrections that
 * re-grade every candidate, are audited and tell each candidate whose score changed.
 *
 * Editing once a candidate has started: the exam, the kind, the opening time, the duration and the
 * shuffling are fixed (candidates must have sat the same paper under the same clock, and results
 * show each candidate's own order); the closing time may only move later (attempts already running
 * keep the deadline set when they started); the rest (title, attempts, entry rule, key visibility,
 * ranking, the linked post) may change at any time.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { isoOrNull } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail, maskPhone } from '../../lib/phone.ts';
import { slugify, truncateSlug } from '../../lib/text/slug.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as admin from './exams.admin-contests.repository.ts';
import type { ContestAdminInput, ContestListState } from './exams.admin-contests.schemas.ts';
import { analyseItems } from './exams.analysis.ts';
import { canonicalKey, hashEntryCode, type KeyInput } from './exams.authoring.ts';
import { ANSWER_GRACE_MS, createGrader } from './exams.grading.ts';
import * as repo from './exams.repository.ts';
import { rankAll } from './exams.results.ts';
import { scoreOnTen, toPoints } from './exams.scoring.ts';
import { contestState } from './exams.service.ts';

export interface ContestsAdminDeps<Actor> {
  db: Kysely<Database>;
  audit: AuditLog<Actor>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The content module's exam_gate posts (drafts too). */
  postChoices: () => Promise<{ id: number; title: string; url: string; published: boolean }[]>;
  courseChoices: () => Promise<{ id: number; title: string }[]>;
  /** The exams service's key correction (canonical key, every contest of the exam re-graded). */
  correctKey: (questionId: number, key: KeyInput) => Promise<{ regraded: number }>;
  /** The accounts' names and contacts by id; unknown ids are left out. */
  contactsOf: (ids: number[]) => Promise<admin.CandidateContact[]>;
  now?: () => Date;
}

const minute = (value: Date | string | null) =>
  value === null ? null : Math.floor(readDate(value).getTime() / 60_000);
/** 6.25 → "6,25" (the Vietnamese decimal comma). */
const shownScore = (points: number) => String(points).replace('.', ',');
const CSV_LIMIT = 10_000;

function invalid(field: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { [field]: message });
}

export function createContestsAdmin<Actor>(deps: ContestsAdminDeps<Actor>) {
  const { db, audit, notifications, now = () => new Date() } = deps;
  const grader = createGrader(db, now);
  const resultRows = async (contestId: number, firstOnly: boolean) => {
    const rows = await admin.resultRows(db, contestId, firstOnly);
    return admin.withContacts(rows, await deps.contactsOf(rows.map((r) => r.user_id)));
  };

  async function contestOr404(id: number) {
    const contest = await repo.findContest(db, { id });
    if (!contest) throw new AppError('NOT_FOUND', 'Không tìm thấy kỳ thi.');
    return contest;
  }

  const liveAfter = () => new Date(now().getTime() - ANSWER_GRACE_MS).toISOString();

  function listState(contest: repo.ContestWithExam): ContestListState {
    return contest.kind === 'practice' ? 'practice' : contestState(contest, now());
  }

  async function examMax(examId: number) {
    return (await repo.listQuestions(db, examId)).reduce((sum, question) => sum + question.points, 0);
  }

  function row(contest: repo.ContestWithExam, counts: admin.AttemptCounts | undefined, max: number) {
    const average =
      counts?.average_score === null || counts?.average_score === undefined ? null : Number(counts.average_score);
    return {
      id: contest.id,
      slug: contest.slug,
      title: contest.title,
      kind: contest.kind,
      state: listState(contest),
      exam: { id: contest.exam_id, title: contest.exam_title, subject: contest.subject },
      opens_at: isoOrNull(contest.opens_at),
      closes_at: isoOrNull(contest.closes_at),
      duration_minutes: Math.round(contest.duration_seconds / 60),
      candidates: Number(counts?.candidates ?? 0),
      submitted: Number(counts?.submitted ?? 0),
      auto_submitted: Number(counts?.auto_submitted ?? 0),
      in_room: Number(counts?.in_room ?? 0),
      attempts: Number(counts?.attempts ?? 0),
      average_score: average === null ? null : scoreOnTen(average, max),
    };
  }

  async function list(query: { state?: ContestListState | undefined }) {
    const [contests, counts, maxima] = await Promise.all([
      repo.listContests(db, {}),
      admin.attemptCounts(db, liveAfter()),
      admin.examMaxima(db),
    ]);
    const byContest = new Map(counts.map((c) => [c.contest_id, c]));
    const maxOf = new Map(maxima.map((exam) => [exam.exam_id, Number(exam.max)]));
    return contests
      .map((contest) => row(contest, byContest.get(contest.id), maxOf.get(contest.exam_id) ?? 10_000))
      .filter((contest) => !query.state || contest.state === query.state);
  }

  async function live(id: number) {
    const contest = await contestOr404(id);
    await grader.closeDue(contest.id);
    const [counts] = await admin.attemptCounts(db, liveAfter(), contest.id);
    const { id: _id, ...shown } = row(contest, counts, await examMax(contest.exam_id));
    return {
      server_now: now().toISOString(),
      state: shown.state,
      candidates: shown.candidates,
      submitted: shown.submitted,
      auto_submitted: shown.auto_submitted,
      in_room: shown.in_room,
      attempts: shown.attempts,
      average_score: shown.average_score,
    };
  }

  async function detail(id: number) {
    const contest = await contestOr404(id);
    const [counts] = await admin.attemptCounts(db, liveAfter(), contest.id);
    return {
      ...row(contest, counts, await examMax(contest.exam_id)),
      max_attempts: contest.max_attempts,
      entry_rule: contest.entry_rule,
      entry_course_id: contest.entry_course_id,
      has_entry_code: contest.entry_code_hash !== null,
      key_visibility: contest.key_visibility,
      is_ranked: contest.is_ranked === 1,
      shuffle: contest.shuffle === 1,
      post_id: contest.post_id,
      certificate_min_score: contest.certificate_min_score === null ? null : toPoints(contest.certificate_min_score),
      certificates_issued_at: isoOrNull(contest.certificates_issued_at),
      started: Number(counts?.attempts ?? 0) > 0,
      public_url: `/cong-thi/${contest.slug}`,
    };
  }

  async function choices() {
    const [exams, posts, courses] = await Promise.all([
      admin.examChoices(db),
      deps.postChoices(),
      deps.courseChoices(),
    ]);
    return {
      exams: exams.map((exam) => ({
        id: exam.id,
        title: exam.title,
        subject: exam.subject,
        duration_minutes: Math.round(exam.duration_seconds / 60),
      })),
      posts,
      courses,
    };
  }

  /** Checks what the input points at (exam, post, course) and what a started contest may change. */
  async function checked(input: ContestAdminInput, current?: repo.ContestWithExam) {
    const options = await choices();
    if (!options.exams.some((exam) => exam.id === input.exam_id)) invalid('exam_id', 'Vui lòng chọn đề thi.');
    if (input.post_id !== undefined && !options.posts.some((post) => post.id === input.post_id))
      invalid('post_id', 'Chỉ liên kết được bài viết loại Cổng thi.');
    if (input.entry_rule === 'course' && !options.courses.some((course) => course.id === input.entry_course_id))
      invalid('entry_course_id', 'Vui lòng chọn khóa học.');
    let codeHash: string | null = null;
    if (input.entry_rule === 'code') {
      if (input.entry_code) codeHash = hashEntryCode(input.entry_code);
      else if (current?.entry_rule === 'code' && current.entry_code_hash) codeHash = current.entry_code_hash;
      else invalid('entry_code', 'Kỳ thi theo mã cần một mã dự thi.');
    }
    // Minute precision, as the form shows it: an unchanged time keeps its stored value.
    const opensAt =
      current && minute(current.opens_at) === minute(input.opens_at ?? null)
        ? isoOrNull(current.opens_at)
        : (input.opens_at ?? null);
    const closesAt =
      current && minute(current.closes_at) === minute(input.closes_at ?? null)
        ? isoOrNull(current.closes_at)
        : (input.closes_at ?? null);
    if (closesAt !== null && closesAt !== isoOrNull(current?.closes_at ?? null) && readDate(closesAt) <= now())
      invalid('closes_at', 'Giờ đóng phải sau thời điểm hiện tại.');
    const certificateMin =
      input.certificate_min_score === undefined ? null : Math.round(input.certificate_min_score * 1000);
    if (certificateMin !== null && certificateMin > (await examMax(input.exam_id)))
      invalid('certificate_min_score', 'Điểm cấp chứng nhận vượt quá điểm tối đa của đề.');
    if (current?.certificates_issued_at && certificateMin !== current.certificate_min_score)
      invalid('certificate_min_score', 'Chứng nhận đã được cấp: không đổi được điểm cấp chứng nhận.');
    if (current) {
      const [counts] = await admin.attemptCounts(db, liveAfter(), current.id);
      if (Number(counts?.attempts ?? 0) > 0) {
        const fixed = 'Đã có thí sinh làm bài: không đổi được';
        if (input.exam_id !== current.exam_id) invalid('exam_id', `${fixed} đề thi.`);
        if (input.kind !== current.kind) invalid('kind', `${fixed} loại kỳ thi.`);
        if (opensAt !== isoOrNull(current.opens_at)) invalid('opens_at', `${fixed} giờ mở.`);
        if (input.duration_minutes * 60 !== current.duration_seconds)
          invalid('duration_minutes', `${fixed} thời gian làm bài.`);
        if (input.shuffle !== (current.shuffle === 1)) invalid('shuffle', `${fixed} cách đảo câu hỏi.`);
        const before = current.closes_at === null ? null : readDate(current.closes_at).getTime();
        if (before !== null && (closesAt === null || readDate(closesAt).getTime() < before))
          invalid('closes_at', 'Đã có thí sinh làm bài: giờ đóng chỉ có thể lùi lại (muộn hơn).');
      }
    }
    return {
      title: input.title,
      exam_id: input.exam_id,
      kind: input.kind,
      opens_at: opensAt,
      closes_at: closesAt,
      duration_seconds: input.duration_minutes * 60,
      max_attempts: input.max_attempts ?? null,
      entry_rule: input.entry_rule,
      entry_course_id: input.entry_rule === 'course' ? input.entry_course_id! : null,
      entry_code_hash: codeHash,
      key_visibility: input.key_visibility,
      is_ranked: input.is_ranked ? 1 : 0,
      shuffle: input.shuffle ? 1 : 0,
      post_id: input.post_id ?? null,
      certificate_min_score: certificateMin,
    };
  }

  /** What the audit log keeps of a contest (never the code or its hash). */
  const auditSummary = (values: Awaited<ReturnType<typeof checked>>) => {
    const { entry_code_hash: _hash, ...rest } = values;
    return rest;
  };

  async function create(actor: Actor, input: ContestAdminInput) {
    const values = await checked(input);
    const base = truncateSlug(slugify(input.title), 110) || 'ky-thi';
    const id = await retryOnUniqueViolation(async () => {
      let slug = base;
      for (let n = 2; await repo.findContest(db, { slug }); n += 1) slug = `${base}-${n}`;
      const at = nowIso();
      return repo.insertContest(db, { ...values, slug, created_at: at, updated_at: at });
    });
    await audit(actor, 'exam_contest.create', { type: 'exam_contest', id }, auditSummary(values));
    return detail(id);
  }

  async function update(actor: Actor, id: number, input: ContestAdminInput) {
    const current = await contestOr404(id);
    const values = await checked(input, current);
    await admin.updateContest(db, id, { ...values, updated_at: nowIso() });
    await audit(actor, 'exam_contest.update', { type: 'exam_contest', id }, auditSummary(values));
    return detail(id);
  }

  /** Submitted attempts shown in the results: each candidate's first in a ranked contest (with ranks), every one otherwise. */
  async function results(id: number) {
    const contest = await contestOr404(id);
    await grader.closeDue(contest.id);
    const ranked = contest.is_ranked === 1;
    const [rows, parts, partPoints] = await Promise.all([
      resultRows(contest.id, ranked),
      repo.listParts(db, contest.exam_id),
      admin.partScores(db, contest.id),
    ]);
    const points = new Map(partPoints.map((p) => [`${p.attempt_id}:${p.part_id}`, Number(p.points ?? 0)]));
    const withRanks = ranked ? rankAll(rows) : rows.map((r) => ({ ...r, rank: null }));
    return {
      contest,
      parts: parts.map((part) => ({ position: part.position, title: part.title })),
      rows: withRanks.map((r) => ({
        attempt_id: r.id,
        rank: r.rank,
        attempt_no: r.attempt_no,
        candidate: r.full_name,
        contact: r.phone ? maskPhone(r.phone) : r.email ? maskEmail(r.email) : null,
        score: toPoints(r.score ?? 0),
        max_score: toPoints(r.max_score),
        parts: parts.map((part) => toPoints(points.get(`${r.id}:${part.id}`) ?? 0)),
        time_used_seconds: r.time_used_seconds ?? 0,
        submitted_at: isoOrNull(r.submitted_at)!,
        submitted_by: r.submitted_by ?? 'candidate',
      })),
    };
  }

  async function resultsPage(id: number, page: { page: number; limit: number }) {
    const { rows, parts } = await results(id);
    const start = (page.page - 1) * page.limit;
    return { items: rows.slice(start, start + page.limit), total: rows.length, parts };
  }

  async function resultsCsv(id: number) {
    const { rows, parts } = await results(id);
    const header = [
      'Hạng',
      'Thí sinh',
      'Liên hệ',
      'Lượt',
      'Điểm',
      'Điểm tối đa',
      ...parts.map((part) => `Phần ${part.position}`),
      'Thời gian làm (giây)',
      'Nộp lúc',
      'Cách nộp',
    ];
    return toCsv(
      header,
      rows
        .slice(0, CSV_LIMIT)
        .map((r) => [
          r.rank,
          r.candidate,
          r.contact,
          r.attempt_no,
          r.score,
          r.max_score,
          ...r.parts,
          r.time_used_seconds,
          r.submitted_at,
          r.submitted_by === 'deadline' ? 'Tự nộp khi hết giờ' : 'Thí sinh nộp',
        ]),
    );
  }

  async function analysis(id: number) {
    const contest = await contestOr404(id);
    await grader.closeDue(contest.id);
    const [rows, parts, questions, answers] = await Promise.all([
      resultRows(contest.id, contest.is_ranked === 1),
      repo.listParts(db, contest.exam_id),
      repo.listQuestions(db, contest.exam_id),
      admin.submittedAnswers(db, contest.id),
    ]);
    return analyseItems({ parts, questions, attempts: rows, answers });
  }

  /**
   * Corrects a question's key from a contest's item analysis: every submitted attempt of every
   * contest of the exam is re-graded (ranks follow from the scores), the correction is audited and
   * each candidate whose score changed gets a notification with the old and new score.
   */
  async function correctKey(actor: Actor, contestId: number, input: { question_id: number; key: KeyInput }) {
    const contest = await contestOr404(contestId);
    const question = await admin.findQuestion(db, input.question_id);
    if (!question || question.exam_id !== contest.exam_id)
      throw new AppError('NOT_FOUND', 'Câu hỏi không thuộc đề thi của kỳ thi này.');
    const label = `Câu ${question.position}`;
    const stored = JSON.stringify(canonicalKey(question.type, input.key, question.answer_boxes, label));
    if (stored === question.answer_key) invalid('key', `${label}: đáp án mới trùng đáp án hiện tại.`);
    const before = new Map((await admin.examScores(db, contest.exam_id)).map((a) => [a.id, a.score]));
    const { regraded } = await deps.correctKey(question.id, input.key);
    const changed = (await admin.examScores(db, contest.exam_id)).filter(
      (a) => before.has(a.id) && before.get(a.id) !== a.score,
    );
    await audit(
      actor,
      'exam.key_correct',
      { type: 'exam_question', id: question.id },
      {
        contest_id: contest.id,
        exam_id: contest.exam_id,
        number: question.position,
        key: { from: JSON.parse(question.answer_key), to: JSON.parse(stored) },
        regraded,
        changed: changed.length,
      },
    );
    for (const attempt of changed) {
      const from = scoreOnTen(before.get(attempt.id) ?? 0, attempt.max_score);
      const to = scoreOnTen(attempt.score ?? 0, attempt.max_score);
      await notifications.notify(attempt.user_id, {
        kind: 'exam_regrade',
        title: 'Bài thi của bạn đã được chấm lại',
        body:
          `Đáp án câu ${question.position} của "${attempt.title}" đã được sửa và bài làm được chấm lại: ` +
          `điểm của bạn đổi từ ${shownScore(from)} thành ${shownScore(to)}.`,
        link: `/cong-thi/${attempt.slug}/ket-qua/${attempt.id}`,
      });
    }
    return { question_id: question.id, regraded, changed: changed.length, notified: changed.length };
  }

  return { list, live, detail, choices, create, update, resultsPage, resultsCsv, analysis, correctKey };
}

export type ContestsAdmin<Actor> = ReturnType<typeof createContestsAdmin<Actor>>;
