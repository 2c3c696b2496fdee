/**
 * "Nhắc tôi": a signed-in learner asks to be reminded of an upcoming contest. Fifteen minutes
 * before it opens the deadline runner sends an in-app notification, which the notifications
 * service also pushes to the learner's browsers (Web Push). Each reminder is claimed by a
 * conditional update (`reminded_at IS NULL`) in the same transaction as its notification and push
 * job, so two instances running the same tick deliver it exactly once, and a notice that could not
 * be written leaves the reminder unclaimed for the next tick.
 */
import type { Kysely, Transaction } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format/date.ts';
import * as repo from './exams.repository.ts';

/** How long before a contest opens its reminders go out. */
export const REMIND_BEFORE_MS = 15 * 60_000;

export interface ExamNotice {
  kind: string;
  title: string;
  body: string;
  link: string;
}

/** The notifications service's `notify` (it also sends the Web Push); `within`: the caller's transaction. */
export type Notify = (userId: number, notice: ExamNotice, within?: Transaction<Database>) => Promise<unknown>;

interface RemindersDeps {
  db: Kysely<Database>;
  now: () => Date;
  notify?: Notify | undefined;
  log?: { error(object: unknown, message: string): void } | undefined;
}

export function createReminders({ db, now, notify, log }: RemindersDeps) {
  async function upcomingContest(slug: string) {
    const contest = await repo.findContest(db, { slug });
    if (!contest) throw new AppError('NOT_FOUND', 'Không tìm thấy kỳ thi.');
    return contest;
  }

  /** Turns the reminder on (idempotent); only for a contest that has not opened yet. */
  async function remind(userId: number, slug: string) {
    const contest = await upcomingContest(slug);
    if (contest.kind !== 'contest' || contest.opens_at === null || readDate(contest.opens_at) <= now())
      throw new AppError('BUSINESS_RULE', 'Chỉ đặt lời nhắc được cho kỳ thi chưa mở.');
    await db
      .insertInto('exam_reminders')
      .values({ contest_id: contest.id, user_id: userId, created_at: now().toISOString() })
      .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
      .execute();
    return reminderView(slug, readDate(contest.opens_at), true);
  }

  /** Turns the reminder off (idempotent). */
  async function unremind(userId: number, slug: string) {
    const contest = await upcomingContest(slug);
    await db.deleteFrom('exam_reminders').where('contest_id', '=', contest.id).where('user_id', '=', userId).execute();
    return reminderView(slug, contest.opens_at === null ? null : readDate(contest.opens_at), false);
  }

  /** The slugs of the contests this learner asked to be reminded of. */
  async function remindedSlugs(userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('exam_reminders as r')
      .innerJoin('exam_contests as c', 'c.id', 'r.contest_id')
      .select('c.slug')
      .where('r.user_id', '=', userId)
      .execute();
    return rows.map((row) => row.slug);
  }

  async function isReminded(userId: number, contestId: number): Promise<boolean> {
    const row = await db
      .selectFrom('exam_reminders')
      .select('contest_id')
      .where('contest_id', '=', contestId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The runner: every unsent reminder of a contest opening within 15 minutes, claimed then sent. */
  async function sendDue(limit = 500): Promise<number> {
    // Without a way to notify (the seed), nothing is claimed: a claimed reminder is never sent again.
    if (!notify) return 0;
    const at = now();
    const due = await db
      .selectFrom('exam_reminders as r')
      .innerJoin('exam_contests as c', 'c.id', 'r.contest_id')
      .select(['r.contest_id', 'r.user_id', 'c.slug', 'c.title', 'c.opens_at'])
      .where('r.reminded_at', 'is', null)
      .where('c.opens_at', '>', at.toISOString())
      .where('c.opens_at', '<=', new Date(at.getTime() + REMIND_BEFORE_MS).toISOString())
      .orderBy('c.opens_at')
      .limit(limit)
      .execute();
    let sent = 0;
    for (const row of due) {
      const opens = readDate(row.opens_at!);
      const minutes = Math.max(1, Math.round((opens.getTime() - at.getTime()) / 60_000));
      try {
        const claimed = await db.transaction().execute(async (trx) => {
          const claim = await trx
            .updateTable('exam_reminders')
            .set({ reminded_at: at.toISOString() })
            .where('contest_id', '=', row.contest_id)
            .where('user_id', '=', row.user_id)
            .where('reminded_at', 'is', null)
            .executeTakeFirst();
          if (Number(claim.numUpdatedRows) !== 1) return false;
          await notify(
            row.user_id,
            {
              kind: 'exam_reminder',
              title: `Sắp đến giờ thi: ${row.title}`,
              body: `Kỳ thi mở lúc ${formatDateTime(opens, 'HH:mm DD/MM/YYYY')}, còn ${minutes} phút. Vào trang kỳ thi để sẵn sàng làm bài.`,
              link: `/cong-thi/${row.slug}`,
            },
            trx,
          );
          return true;
        });
        if (claimed) sent += 1;
      } catch (error) {
        // Rolled back with its claim: the next tick tries this reminder again.
        log?.error({ err: error, contest: row.contest_id, user: row.user_id }, 'exam reminder failed');
      }
    }
    return sent;
  }

  return { remind, unremind, remindedSlugs, isReminded, sendDue };
}

function reminderView(slug: string, opensAt: Date | null, reminding: boolean) {
  return {
    slug,
    reminding,
    remind_at: opensAt === null ? null : new Date(opensAt.getTime() - REMIND_BEFORE_MS).toISOString(),
  };
}
