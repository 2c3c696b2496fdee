/**
 * bench/exams' side of the product server (the child): candidates with a session each (opened by
 * the accounts service, as a sign-in does, without hashing a password per candidate), one contest
 * open now on a seeded exam, and read-only routes the parent asks for the candidates before the run
 * and for the attempts after each phase, straight from the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Services } from '../../modules/services.ts';
import { insertLearners } from './bench-learners.ts';
import {
  EXAM_NIGHT_ATTEMPTS_PATH,
  EXAM_NIGHT_PATH,
  type ExamNightAttempt,
  type ExamNightData,
  type ExamNightOptions,
} from './exam-night.ts';

const HOUR = 3_600_000;

export async function addExamNightData(
  app: FastifyInstance,
  db: Kysely<Database>,
  services: Services,
  options: ExamNightOptions,
): Promise<void> {
  const exam = await db.selectFrom('exams').select('id').where('slug', '=', options.examSlug).executeTakeFirst();
  if (!exam) throw new Error(`The seeded exam ${options.examSlug} is missing.`);
  const now = Date.now();
  const contestId = await services.exams.createContest({
    slug: options.contestSlug,
    exam_id: exam.id,
    title: 'Thi thử tốt nghiệp THPT 2025 — Tiếng Anh, đêm thi thử toàn quốc',
    kind: 'contest',
    opens_at: new Date(now - HOUR),
    closes_at: new Date(now + 24 * HOUR),
  });
  const questions = await db
    .selectFrom('exam_questions')
    .select(['id', 'type'])
    .where('exam_id', '=', exam.id)
    .orderBy('position')
    .execute();

  await insertLearners(db, options.candidates, {
    phone: (index) => `8497${String(index + 1).padStart(7, '0')}`,
    name: (index) => `Thí sinh ${index + 1}`,
  });
  const rows = await db.selectFrom('users').selectAll().where('phone', 'like', '8497%').orderBy('id').execute();
  const candidates: ExamNightData['candidates'] = [];
  for (const user of rows) {
    const session = await services.accounts.sessions.open(user, 'password', { ip: null, userAgent: 'bench/exams' });
    candidates.push({ userId: user.id, token: session.token });
  }

  app.get(EXAM_NIGHT_PATH, { schema: { hide: true } }, async (): Promise<ExamNightData> => ({
    slug: options.contestSlug,
    questions,
    candidates,
  }));

  app.get(EXAM_NIGHT_ATTEMPTS_PATH, { schema: { hide: true } }, async (): Promise<ExamNightAttempt[]> => {
    const attempts = await db
      .selectFrom('exam_attempts as a')
      .leftJoin('exam_answers as s', 's.attempt_id', 'a.id')
      .select(['a.id', 'a.user_id', 'a.status', 'a.score', (eb) => eb.fn.count<number>('s.question_id').as('answers')])
      .where('a.contest_id', '=', contestId)
      .groupBy(['a.id', 'a.user_id', 'a.status', 'a.score'])
      .execute();
    return attempts.map((row) => ({
      userId: row.user_id,
      attemptId: row.id,
      status: row.status,
      answers: Number(row.answers),
      score: row.score,
    }));
  });
}
