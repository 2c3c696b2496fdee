/**
 * Contest certificates. A contest with `certificate_min_score` certifies every candidate whose
 * ranked (first) submitted attempt reaches it, once the results are final: the contest has closed,
 * the grace for late saves has passed and every attempt is graded (the runner closes them first).
 * The certificates module owns the certificates and issues them idempotently; this side decides
 * who and when, and marks the contest done (`certificates_issued_at`) so later ticks skip it.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { Grader } from './exams.grading.ts';
import { ANSWER_GRACE_MS } from './exams.grading.ts';
import * as repo from './exams.repository.ts';
import { rankAll } from './exams.results.ts';
import { scoreOnTen } from './exams.scoring.ts';

/** A score in thousandths as shown on the 10-point scale, with a decimal comma ("6,75"). */
const onTen = (thousandths: number, max: number) => String(scoreOnTen(thousandths, max)).replace('.', ',');

/** The certificates module's face, as the exams module uses it (scores in thousandths). */
export interface ContestCertifier {
  issueForContest(
    userId: number,
    input: {
      contestId: number;
      title: string;
      score: number;
      maxScore: number;
      rank: number | null;
      candidates: number | null;
      issuedAt: string;
    },
  ): Promise<{ code: string }>;
  findForContest(userId: number, contestId: number): Promise<{ code: string; revoked: unknown } | undefined>;
  /** After a re-grade: states the new result, revokes (with `reason`) or issues. */
  reviseForContest(
    userId: number,
    input: {
      contestId: number;
      title: string;
      score: number;
      maxScore: number;
      rank: number | null;
      candidates: number | null;
      issuedAt: string;
      eligible: boolean;
      reason: string;
    },
  ): Promise<'issued' | 'revised' | 'revoked' | 'unchanged'>;
}

interface CertificatesDeps {
  db: Kysely<Database>;
  now: () => Date;
  grader: Grader;
  certifier?: ContestCertifier | undefined;
}

export function createContestCertificates({ db, now, grader, certifier }: CertificatesDeps) {
  /** Issues the certificates of every contest whose results became final; returns how many candidates were certified. */
  async function issueDue(): Promise<number> {
    if (!certifier) return 0;
    const before = new Date(now().getTime() - ANSWER_GRACE_MS).toISOString();
    const contests = await db
      .selectFrom('exam_contests')
      .select(['id', 'title', 'closes_at', 'is_ranked', 'certificate_min_score'])
      .where('kind', '=', 'contest')
      .where('certificate_min_score', 'is not', null)
      .where('certificates_issued_at', 'is', null)
      .where('closes_at', '<=', before)
      .execute();
    let issued = 0;
    for (const contest of contests) {
      while ((await grader.closeDue(contest.id)) > 0);
      const table = rankAll(await repo.rankingRows(db, contest.id));
      for (const row of table) {
        if ((row.score ?? 0) < contest.certificate_min_score!) continue;
        await certifier.issueForContest(row.user_id, {
          contestId: contest.id,
          title: contest.title,
          score: row.score ?? 0,
          maxScore: row.max_score,
          rank: contest.is_ranked === 1 ? row.rank : null,
          candidates: contest.is_ranked === 1 ? table.length : null,
          issuedAt: readDate(contest.closes_at!).toISOString(),
        });
        issued += 1;
      }
      await db
        .updateTable('exam_contests')
        .set({ certificates_issued_at: now().toISOString() })
        .where('id', '=', contest.id)
        .where('certificates_issued_at', 'is', null)
        .execute();
    }
    return issued;
  }

  /**
   * A contest whose certificates were issued was re-graded (a key correction): every candidate's
   * certificate follows the new scores and ranks — revised, revoked below the threshold, or issued
   * to a candidate who now reaches it. Contests not yet certified are left to issueDue.
   */
  async function reviseAfterRegrade(contestId: number): Promise<Record<'issued' | 'revised' | 'revoked', number>> {
    const counts = { issued: 0, revised: 0, revoked: 0 };
    const contest = await db
      .selectFrom('exam_contests')
      .select(['id', 'title', 'closes_at', 'is_ranked', 'certificate_min_score', 'certificates_issued_at'])
      .where('id', '=', contestId)
      .executeTakeFirst();
    if (!certifier || !contest || contest.certificates_issued_at === null || contest.certificate_min_score === null)
      return counts;
    const table = rankAll(await repo.rankingRows(db, contest.id));
    const threshold = contest.certificate_min_score;
    for (const row of table) {
      const score = row.score ?? 0;
      const outcome = await certifier.reviseForContest(row.user_id, {
        contestId: contest.id,
        title: contest.title,
        score,
        maxScore: row.max_score,
        rank: contest.is_ranked === 1 ? row.rank : null,
        candidates: contest.is_ranked === 1 ? table.length : null,
        issuedAt: readDate(contest.closes_at!).toISOString(),
        eligible: score >= threshold,
        reason: `Sau khi sửa đáp án và chấm lại, điểm ${onTen(score, row.max_score)} thấp hơn mức cấp chứng nhận ${onTen(threshold, row.max_score)}.`,
      });
      if (outcome !== 'unchanged') counts[outcome] += 1;
    }
    return counts;
  }

  /** The candidate's valid certificate of this contest, if one was issued (and not revoked). */
  async function certificateOf(userId: number, contestId: number) {
    const found = await certifier?.findForContest(userId, contestId);
    return found && !found.revoked ? { code: found.code, url: `/chung-chi/${found.code}` } : null;
  }

  return { issueDue, reviseAfterRegrade, certificateOf };
}
