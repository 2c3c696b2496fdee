/**
 * Certificates: issued exactly once per learner and course when the course is completed, or per
 * learner and exam contest when the exams module certifies a final result (issueForContest), with
 * a code `KT-XXXX-XXXX` (no look-alike characters). The code is public: anyone can verify it, see
 * the printable page and download the PDF.
 */
import type { Insertable, Kysely } from 'kysely';
import { isUniqueViolation, readDate } from '../../db/connect.ts';
import type { CertificatesTable, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { randomUnambiguous, UNAMBIGUOUS_ALPHABET } from '../orders/order-code.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';

const CODE = new RegExp(`^KT-[${UNAMBIGUOUS_ALPHABET}]{4}-[${UNAMBIGUOUS_ALPHABET}]{4}$`);

export function generateCertificateCode(): string {
  const raw = randomUnambiguous(8);
  return `KT-${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** `kt abcd efgh`, `KTABCDEFGH` → `KT-ABCD-EFGH`; null when it cannot be a code. */
export function normaliseCertificateCode(input: string): string | null {
  const compact = input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-–—._]/g, '');
  if (compact.length !== 10 || !compact.startsWith('KT')) return null;
  const code = `KT-${compact.slice(2, 6)}-${compact.slice(6)}`;
  return CODE.test(code) ? code : null;
}

/** A contest result as certified: points (not thousandths), rank among the submitted candidates. */
export interface ContestResultFacts {
  slug: string | null;
  score: number;
  max_score: number;
  rank: number | null;
  candidates: number | null;
}

export interface CertificateView {
  code: string;
  kind: 'course' | 'exam_contest';
  learner_name: string;
  course_id: number | null;
  /** The course's or the contest's title. */
  course_title: string;
  course_slug: string | null;
  /** A contest certificate's result; null for a course. */
  contest: ContestResultFacts | null;
  issued_at: string;
  /** A contest certificate a key correction took below the contest's threshold: no longer valid. */
  revoked: { at: string; reason: string } | null;
  verify_url: string;
  pdf_url: string;
}

/** What the exams module certifies: thousandths of a point, as it stores them. */
export interface ContestCertificateInput {
  contestId: number;
  title: string;
  score: number;
  maxScore: number;
  rank: number | null;
  candidates: number | null;
  issuedAt: string;
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;

export function createCertificatesService({
  db,
  publicUrl,
  siteName,
}: {
  db: Kysely<Database>;
  publicUrl: string;
  siteName: string;
}) {
  const select = () =>
    db
      .selectFrom('certificates')
      .leftJoin('courses', 'courses.id', 'certificates.course_id')
      .leftJoin('exam_contests', 'exam_contests.id', 'certificates.exam_contest_id')
      .select([
        'certificates.code',
        'certificates.user_id',
        'certificates.learner_name',
        'certificates.course_id',
        'certificates.course_title',
        'certificates.issued_at',
        'certificates.exam_contest_id',
        'certificates.score',
        'certificates.max_score',
        'certificates.rank',
        'certificates.candidates',
        'certificates.revoked_at',
        'certificates.revoked_reason',
        'courses.slug as course_slug',
        'exam_contests.slug as contest_slug',
      ]);

  function view(row: Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>): CertificateView {
    return {
      code: row.code,
      kind: row.exam_contest_id === null ? 'course' : 'exam_contest',
      learner_name: row.learner_name,
      course_id: row.course_id,
      course_title: row.course_title,
      course_slug: row.course_slug,
      contest:
        row.exam_contest_id === null
          ? null
          : {
              slug: row.contest_slug,
              score: (row.score ?? 0) / 1000,
              max_score: (row.max_score ?? 0) / 1000,
              rank: row.rank,
              candidates: row.candidates,
            },
      issued_at: readDate(row.issued_at).toISOString(),
      revoked:
        row.revoked_at === null
          ? null
          : { at: readDate(row.revoked_at).toISOString(), reason: row.revoked_reason ?? '' },
      verify_url: `${publicUrl}/chung-chi/${row.code}`,
      pdf_url: `/chung-chi/${row.code}.pdf`,
    };
  }

  async function find(userId: number, courseId: number) {
    const row = await select()
      .where('certificates.user_id', '=', userId)
      .where('certificates.course_id', '=', courseId)
      .executeTakeFirst();
    return row ? view(row) : undefined;
  }

  /**
   * The learner's certificate for this course, issued now if there is none (idempotent and safe
   * under concurrent calls: the unique key on learner and course keeps one). The issue date is the
   * course's completion time when known.
   */
  async function issueFor(userId: number, courseId: number): Promise<CertificateView> {
    const existing = await find(userId, courseId);
    if (existing) return existing;
    const [user, course, progress] = await Promise.all([
      db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst(),
      db.selectFrom('courses').select('title').where('id', '=', courseId).executeTakeFirst(),
      db
        .selectFrom('course_progress')
        .select('completed_at')
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .executeTakeFirst(),
    ]);
    if (!user || !course) throw new AppError('NOT_FOUND', 'Không tìm thấy học viên hoặc khóa học.');
    const issuedAt = progress?.completed_at ? readDate(progress.completed_at).toISOString() : new Date().toISOString();
    await insertOnce(
      {
        user_id: userId,
        course_id: courseId,
        learner_name: user.full_name,
        course_title: course.title,
        issued_at: issuedAt,
      },
      ['user_id', 'course_id'],
    );
    return (await find(userId, courseId))!;
  }

  /** Inserts with a fresh code; a row already there for the same subject is kept (concurrent issuers). */
  async function insertOnce(
    values: Omit<Insertable<CertificatesTable>, 'code'>,
    subject: ['user_id', 'course_id'] | ['user_id', 'exam_contest_id'],
  ) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await db
          .insertInto('certificates')
          .values({ ...values, code: generateCertificateCode() })
          .onConflict((oc) => oc.columns(subject).doNothing())
          .execute();
        return;
      } catch (error) {
        // Another code with the same characters: draw again.
        if (!isUniqueViolation(error) || attempt === 4) throw error;
      }
    }
  }

  async function findForContest(userId: number, contestId: number) {
    const row = await select()
      .where('certificates.user_id', '=', userId)
      .where('certificates.exam_contest_id', '=', contestId)
      .executeTakeFirst();
    return row ? view(row) : undefined;
  }

  /**
   * The learner's certificate of an exam contest's result, issued now if there is none (the exams
   * module decides who is eligible and when results are final). Idempotent, like issueFor.
   */
  async function issueForContest(userId: number, input: ContestCertificateInput): Promise<CertificateView> {
    const existing = await findForContest(userId, input.contestId);
    if (existing) return existing;
    const user = await db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy thí sinh.');
    await insertOnce(
      {
        user_id: userId,
        exam_contest_id: input.contestId,
        learner_name: user.full_name,
        course_title: input.title,
        issued_at: input.issuedAt,
        score: input.score,
        max_score: input.maxScore,
        rank: input.rank,
        candidates: input.candidates,
      },
      ['user_id', 'exam_contest_id'],
    );
    return (await findForContest(userId, input.contestId))!;
  }

  /**
   * After a contest is re-graded (a key correction): the certificate of a candidate who still
   * reaches the threshold states the new result (and is valid again if a correction had revoked
   * it); one who no longer does has it revoked with `reason`; one who now does gets one. Each step
   * is a conditional write, safe to repeat.
   */
  async function reviseForContest(
    userId: number,
    input: ContestCertificateInput & { eligible: boolean; reason: string },
  ): Promise<'issued' | 'revised' | 'revoked' | 'unchanged'> {
    const existing = await db
      .selectFrom('certificates')
      .select(['id', 'score', 'max_score', 'rank', 'candidates', 'revoked_at'])
      .where('user_id', '=', userId)
      .where('exam_contest_id', '=', input.contestId)
      .executeTakeFirst();
    if (!input.eligible) {
      if (!existing || existing.revoked_at !== null) return 'unchanged';
      await db
        .updateTable('certificates')
        .set({ revoked_at: new Date().toISOString(), revoked_reason: input.reason.slice(0, 500) })
        .where('id', '=', existing.id)
        .where('revoked_at', 'is', null)
        .execute();
      return 'revoked';
    }
    if (!existing) {
      await issueForContest(userId, input);
      return 'issued';
    }
    const result = { score: input.score, max_score: input.maxScore, rank: input.rank, candidates: input.candidates };
    const same =
      existing.revoked_at === null &&
      existing.score === result.score &&
      existing.max_score === result.max_score &&
      existing.rank === result.rank &&
      existing.candidates === result.candidates;
    if (same) return 'unchanged';
    await db
      .updateTable('certificates')
      .set({ ...result, revoked_at: null, revoked_reason: null })
      .where('id', '=', existing.id)
      .execute();
    return 'revised';
  }

  return {
    issueFor,
    issueForContest,
    reviseForContest,
    findForContest,

    /** My certificates, issuing first any missing for courses I have completed. */
    async listMine(userId: number): Promise<CertificateView[]> {
      const missing = await db
        .selectFrom('course_progress')
        .leftJoin('certificates', (join) =>
          join
            .onRef('certificates.user_id', '=', 'course_progress.user_id')
            .onRef('certificates.course_id', '=', 'course_progress.course_id'),
        )
        .select('course_progress.course_id')
        .where('course_progress.user_id', '=', userId)
        .where('course_progress.completed_at', 'is not', null)
        .where('certificates.id', 'is', null)
        .execute();
      for (const row of missing) await issueFor(userId, row.course_id);
      const rows = await select()
        .where('certificates.user_id', '=', userId)
        .orderBy('certificates.issued_at', 'desc')
        .orderBy('certificates.id', 'desc')
        .execute();
      return rows.map(view);
    },

    /** A certificate by its public code (any spelling a person might type); null when there is none. */
    async verify(input: string): Promise<CertificateView | null> {
      const code = normaliseCertificateCode(input);
      if (!code) return null;
      const row = await select().where('certificates.code', '=', code).executeTakeFirst();
      return row ? view(row) : null;
    },

    async renderPdf(input: string): Promise<{ code: string; bytes: Uint8Array }> {
      const certificate = await this.verify(input);
      if (!certificate) throw new AppError('NOT_FOUND', 'Không tìm thấy chứng chỉ với mã này.');
      if (certificate.revoked)
        throw new AppError(
          'BUSINESS_RULE',
          `Chứng nhận ${certificate.code} đã bị thu hồi: ${certificate.revoked.reason}`,
        );
      const bytes = await renderCertificatePdf({ ...certificate, site_name: siteName });
      return { code: certificate.code, bytes };
    },
  };
}
