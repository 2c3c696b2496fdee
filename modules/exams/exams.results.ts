/**
 * Results and rankings. Keys, explanations and per-question marks stay hidden until the contest
 * allows them (after submitting, or after it closes). The ranking holds each candidate's first
 * submitted attempt, by score then time used; equal score and time share a rank (1, 2, 2, 4).
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { publicName } from '../../lib/format/public-name.ts';
import type { Grader } from './exams.grading.ts';
import { parseKey } from './exams.grading.ts';
import { orderQuestions } from './exams.layout.ts';
import { roomQuestion, toShownAnswer } from './exams.present.ts';
import type { RenderedQuestion } from './exams.render.ts';
import * as repo from './exams.repository.ts';
import { gradeAnswer, scoreOnTen, toPoints, type Answer } from './exams.scoring.ts';
import type { AttemptRow } from './exams.table.ts';

interface ResultsDeps {
  db: Kysely<Database>;
  now: () => Date;
  ownAttempt: (userId: number, attemptId: number) => Promise<AttemptRow>;
  grader: Grader;
}

interface Standing {
  user_id: number;
  score: number | null;
  time_used_seconds: number | null;
}

/** Competition ranks: 1 + the number of candidates strictly better (higher score, or equal and faster). */
export function rankAll<T extends Standing>(rows: readonly T[]): (T & { rank: number })[] {
  const ranked: (T & { rank: number })[] = [];
  rows.forEach((row, index) => {
    const previous = ranked[index - 1];
    const tied =
      previous !== undefined && previous.score === row.score && previous.time_used_seconds === row.time_used_seconds;
    ranked.push({ ...row, rank: tied ? previous.rank : index + 1 });
  });
  return ranked;
}

/** The share of candidates whose standing is not better than this rank (the first is 100). */
export function percentileOf(rank: number, candidates: number): number {
  return candidates === 0 ? 0 : Math.round((100 * (candidates - rank + 1)) / candidates);
}

export function keysVisible(
  contest: Pick<repo.ContestWithExam, 'key_visibility' | 'closes_at'>,
  attempt: Pick<AttemptRow, 'status'>,
  at: Date,
): boolean {
  if (attempt.status !== 'submitted') return false;
  if (contest.key_visibility === 'after_submit') return true;
  return contest.closes_at !== null && at >= readDate(contest.closes_at);
}

export function createResults({ db, now, ownAttempt, grader }: ResultsDeps) {
  async function standings(contestId: number) {
    await grader.closeDue(contestId);
    return rankAll(await repo.rankingRows(db, contestId));
  }

  async function result(userId: number, attemptId: number) {
    const attempt = await ownAttempt(userId, attemptId);
    if (attempt.status !== 'submitted')
      throw new AppError('BUSINESS_RULE', 'Bài chưa nộp: kết quả và lời giải có sau khi nộp bài.');
    const contest = (await repo.findContest(db, { id: attempt.contest_id }))!;
    const at = now();
    const visible = keysVisible(contest, attempt, at);
    const [parts, questions, answers] = await Promise.all([
      repo.listParts(db, contest.exam_id),
      repo.listQuestions(db, contest.exam_id),
      repo.listAnswers(db, attempt.id),
    ]);
    const layout = { seed: attempt.shuffle_seed, shuffle: contest.shuffle === 1 };
    const answerOf = new Map(answers.map((answer) => [answer.question_id, answer]));
    const partById = new Map(parts.map((part) => [part.id, part]));
    const ordered = orderQuestions(parts, questions, attempt.shuffle_seed, layout.shuffle);
    const partTotals = new Map(parts.map((part) => [part.id, { score: 0, max: 0 }]));
    const topics = new Map<string, { score: number; max: number; correct: number; total: number }>();
    const rows = ordered.map((question, index) => {
      const saved = answerOf.get(question.id);
      const part = partById.get(question.part_id)!;
      const stored = saved ? (JSON.parse(saved.answer) as Answer) : null;
      const key = parseKey(question.type, question.answer_key);
      const graded = gradeAnswer(key, stored, question.points, part.scoring);
      const awarded = saved?.points_awarded ?? 0;
      const totals = partTotals.get(part.id)!;
      totals.score += awarded;
      totals.max += question.points;
      const topic = topics.get(question.topic) ?? { score: 0, max: 0, correct: 0, total: 0 };
      topic.score += awarded;
      topic.max += question.points;
      topic.total += 1;
      if (graded.correct) topic.correct += 1;
      topics.set(question.topic, topic);
      const rendered = JSON.parse(question.rendered) as RenderedQuestion;
      const shown = roomQuestion(question, index + 1, part, layout);
      return {
        id: question.id,
        number: index + 1,
        part: part.position,
        type: question.type,
        topic: question.topic,
        difficulty: question.difficulty,
        points: toPoints(question.points),
        prompt_html: shown.prompt_html,
        options: shown.options,
        answer: toShownAnswer(question, stored, layout),
        correct_answer: visible ? toShownAnswer(question, key.correct, layout) : null,
        points_awarded: visible ? toPoints(awarded) : null,
        statements_right: visible ? (graded.statementsRight ?? null) : null,
        explanation_html: visible ? rendered.explanation : null,
      };
    });

    let rank: number | null = null;
    let percentile: number | null = null;
    let candidates: number | null = null;
    if (contest.is_ranked === 1 && attempt.attempt_no === 1) {
      await grader.closeDue(contest.id);
      // The same rank as in the ranking (rankAll), counted by the database instead of read whole.
      const standing = await repo.standingOf(db, contest.id, attempt.score ?? 0, attempt.time_used_seconds ?? 0);
      candidates = standing.candidates;
      rank = standing.better + 1;
      percentile = percentileOf(rank, candidates);
    }
    return {
      attempt_id: attempt.id,
      contest: { slug: contest.slug, title: contest.title, kind: contest.kind },
      started_at: readDate(attempt.started_at).toISOString(),
      submitted_at: readDate(attempt.submitted_at!).toISOString(),
      submitted_by: attempt.submitted_by!,
      time_used_seconds: attempt.time_used_seconds ?? 0,
      score: toPoints(attempt.score ?? 0),
      max_score: toPoints(attempt.max_score),
      score_10: scoreOnTen(attempt.score ?? 0, attempt.max_score),
      keys_visible: visible,
      keys_visible_from:
        contest.key_visibility === 'after_close' && contest.closes_at
          ? readDate(contest.closes_at).toISOString()
          : null,
      parts: parts.map((part) => ({
        position: part.position,
        title: part.title,
        score: toPoints(partTotals.get(part.id)!.score),
        max_score: toPoints(partTotals.get(part.id)!.max),
      })),
      topics: visible
        ? [...topics].map(([topic, totals]) => ({
            topic,
            score: toPoints(totals.score),
            max_score: toPoints(totals.max),
            correct: totals.correct,
            total: totals.total,
          }))
        : [],
      questions: rows,
      rank,
      percentile,
      candidates,
    };
  }

  async function ranking(viewerId: number | null, slug: string, limit = 100) {
    const contest = await repo.findContest(db, { slug });
    if (!contest) throw new AppError('NOT_FOUND', 'Không tìm thấy kỳ thi.');
    if (contest.is_ranked !== 1) throw new AppError('BUSINESS_RULE', 'Phần luyện tập không xếp hạng.');
    const table = await standings(contest.id);
    const entry = (row: (typeof table)[number]) => ({
      rank: row.rank,
      // Other candidates are shown by initials and given name; the viewer sees their own name whole.
      name: row.user_id === viewerId ? row.full_name : publicName(row.full_name),
      score: toPoints(row.score ?? 0),
      time_used_seconds: row.time_used_seconds ?? 0,
      is_me: row.user_id === viewerId,
    });
    const mine = viewerId === null ? undefined : table.find((row) => row.user_id === viewerId);
    return {
      contest: { slug: contest.slug, title: contest.title },
      candidates: table.length,
      entries: table.slice(0, limit).map(entry),
      me: mine ? { ...entry(mine), percentile: percentileOf(mine.rank, table.length) } : null,
      distribution: distribution(table.map((row) => row.score ?? 0)),
    };
  }

  return { result, ranking };
}

/** How many candidates scored in each whole point band 0–1, 1–2, … 9–10 (10 counts in the last). */
export function distribution(scores: number[]): number[] {
  const bands = Array.from({ length: 10 }, () => 0);
  for (const score of scores) bands[Math.min(9, Math.floor(score / 1000))]! += 1;
  return bands;
}
