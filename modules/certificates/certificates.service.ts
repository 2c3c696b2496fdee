/**
 * Certificates: issued exactly once per learner and course when the course is completed, with a
 * code `KT-XXXX-XXXX` (no look-alike characters). The code is public: anyone can verify it, see
 * the printable page and download the PDF.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
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

export interface CertificateView {
  code: string;
  learner_name: string;
  course_id: number;
  course_title: string;
  course_slug: string | null;
  issued_at: string;
  verify_url: string;
  pdf_url: string;
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
      .select([
        'certificates.code',
        'certificates.user_id',
        'certificates.learner_name',
        'certificates.course_id',
        'certificates.course_title',
        'certificates.issued_at',
        'courses.slug as course_slug',
      ]);

  function view(row: Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>): CertificateView {
    return {
      code: row.code,
      learner_name: row.learner_name,
      course_id: row.course_id,
      course_title: row.course_title,
      course_slug: row.course_slug,
      issued_at: readDate(row.issued_at).toISOString(),
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
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await db
          .insertInto('certificates')
          .values({
            code: generateCertificateCode(),
            user_id: userId,
            course_id: courseId,
            learner_name: user.full_name,
            course_title: course.title,
            issued_at: issuedAt,
          })
          .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
          .execute();
        break;
      } catch (error) {
        // Another code with the same characters: draw again.
        if (!isUniqueViolation(error) || attempt === 4) throw error;
      }
    }
    return (await find(userId, courseId))!;
  }

  return {
    issueFor,

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
      const bytes = await renderCertificatePdf({ ...certificate, site_name: siteName });
      return { code: certificate.code, bytes };
    },
  };
}
