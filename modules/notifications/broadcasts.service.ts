/**
 * Broadcasts: one notification to every active learner, or to the followers of a subject
 * (subject_likes). The request records the broadcast and enqueues its first `broadcasts.send` job on
 * the job queue (decision 0012); each job sends up to `batchesPerJob` batches of `batchSize`
 * learners (by id, after `cursor_user_id`) and enqueues the next job. Exactly once per learner,
 * whatever crashes or runs twice: a batch inserts its notifications with `on conflict do nothing`
 * (one row per broadcast and learner), counts and pushes only the rows it inserted, and moves the
 * cursor only forward (`where cursor_user_id = :old`) in the same transaction.
 *
 * A broadcast has a purpose (decision 0024): a `service` notice (course changes, schedule,
 * maintenance) reaches every targeted learner; a `marketing` one only those who hold the marketing
 * consent when their batch is sent — the consent is asked of the privacy module (a port the
 * composition root passes in) at each batch, so a withdrawal before the batch is honoured, and the
 * learners passed over are counted in `skipped_count`, moved with the cursor.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import { nextSendingTime, type SendingHours } from '../../lib/sending-hours.ts';
import type { BroadcastsTable, Database } from '../../db/schema.ts';
import type { BroadcastPurpose } from './notifications.table.ts';
import { iso, isoOrNull } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobPolicy, JobQueue } from '../jobs/index.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The queue of broadcast jobs; one waits per broadcast (singleton key), so duplicate sends collapse. */
export const BROADCAST_QUEUE = 'broadcasts.send';
const BROADCAST_POLICY: JobPolicy = {
  unique: true,
  retryLimit: 8,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export interface Audience {
  audience: 'all' | 'subject';
  subject_id?: number | undefined;
  /** `service` when absent. */
  purpose?: BroadcastPurpose | undefined;
}

/** Of these learners, those who hold the marketing consent now (the privacy module's port). */
export type MarketingConsent = (userIds: number[]) => Promise<Set<number>>;

export interface BroadcastInput extends Audience {
  title: string;
  body: string;
  link?: string | undefined;
}

/** A page of the studio's list. */
interface Page {
  page: number;
  limit: number;
}

/** Who sends a broadcast: the studio's actor (its viewer is recorded as the sender). */
type Sender = { viewer: { id: number; fullName: string } };

export type BroadcastsService<Actor extends Sender> = ReturnType<typeof createBroadcastsService<Actor>>;

/** `Actor`: the studio's; its viewer is recorded as the sender, and it is passed on to the audit log. */
export function createBroadcastsService<Actor extends Sender>(deps: {
  db: Kysely<Database>;
  notifications: NotificationsService;
  jobs: JobQueue;
  audit: AuditLog<Actor>;
  /** Who may receive a marketing broadcast: asked at each batch. */
  marketingConsent: MarketingConsent;
  /** Learners per batch (one transaction each). */
  batchSize?: number;
  /** Batches per job before it hands over to the next job (short jobs, under their deadline). */
  batchesPerJob?: number;
  /** Seconds before a failed job is retried (doubled at each retry). */
  retryDelaySeconds?: number;
  /** The hours (Vietnam time) its Web Push may reach phones (07:00–22:00 by default, decree 91/2020). */
  sendingHours?: SendingHours;
  now?: () => Date;
}) {
  const { db, notifications, jobs, audit, batchSize = 500, batchesPerJob = 20 } = deps;
  const now = deps.now ?? (() => new Date());
  const policy = {
    ...BROADCAST_POLICY,
    ...(deps.retryDelaySeconds ? { retryDelaySeconds: deps.retryDelaySeconds } : {}),
  };
  let defined: Promise<void> | undefined;
  const ready = () => (defined ??= jobs.define(BROADCAST_QUEUE, policy));

  /** The recipients' ids after `cursor`, in id order: active learners, or the subject's followers among them. */
  function recipients(audience: Audience) {
    let query = db.selectFrom('users').where('users.role', '=', 'learner').where('users.status', '=', 'active');
    if (audience.audience === 'subject')
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('subject_likes')
            .select('subject_likes.user_id')
            .whereRef('subject_likes.user_id', '=', 'users.id')
            .where('subject_likes.subject_id', '=', audience.subject_id ?? 0),
        ),
      );
    return query;
  }

  /** The learners of `ids` a broadcast of this purpose reaches (marketing: those consenting now). */
  async function reachable(purpose: BroadcastPurpose, ids: number[]): Promise<number[]> {
    if (purpose !== 'marketing' || ids.length === 0) return ids;
    const consenting = await deps.marketingConsent(ids);
    return ids.filter((id) => consenting.has(id));
  }

  /** One page of recipients' ids after `cursor`, in id order. */
  async function idsAfter(audience: Audience, cursor: number, limit: number): Promise<number[]> {
    const rows = await recipients(audience)
      .select('users.id')
      .where('users.id', '>', cursor)
      .orderBy('users.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Targeted learners, and of them those the purpose reaches now (marketing: read page by page). */
  async function countRecipients(audience: Audience): Promise<{ targeted: number; reached: number }> {
    const row = await recipients(audience)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const targeted = Number(row.n);
    if (audience.purpose !== 'marketing') return { targeted, reached: targeted };
    let reached = 0;
    for (let cursor = 0; ;) {
      const ids = await idsAfter(audience, cursor, 1000);
      if (ids.length === 0) return { targeted, reached };
      reached += (await reachable('marketing', ids)).length;
      cursor = ids[ids.length - 1]!;
    }
  }

  async function subjectOrFail(audience: Audience) {
    if (audience.audience !== 'subject') return null;
    const subject = await db
      .selectFrom('subjects')
      .select(['id', 'name'])
      .where('id', '=', audience.subject_id ?? 0)
      .executeTakeFirst();
    if (!subject)
      throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn chủ đề.', { subject_id: 'Vui lòng chọn chủ đề.' });
    return subject;
  }

  /** Enqueues the broadcast's next job; while one waits, this send collapses into it (singleton key). */
  async function enqueue(id: number): Promise<void> {
    await ready();
    await jobs.send(BROADCAST_QUEUE, { broadcastId: id }, { singletonKey: `broadcast:${id}` });
  }

  /**
   * Sends the batch after the broadcast's cursor: inserts the missing notifications, adds the rows it
   * inserted to `sent_count` and moves the cursor forward, in one transaction; pushes those rows only.
   * Run twice or concurrently, a batch notifies each learner once. 'done' once nobody is left.
   */
  async function sendBatch(id: number): Promise<'more' | 'done'> {
    const broadcast = await db.selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!broadcast || broadcast.status !== 'sending') return 'done';
    const cursor = broadcast.cursor_user_id;
    const audience = { audience: broadcast.audience, subject_id: broadcast.subject_id ?? undefined };
    const ids = await idsAfter(audience, cursor, batchSize);
    if (ids.length === 0) {
      // Set once: only the run that finds it still sending finishes it.
      await db
        .updateTable('broadcasts')
        .set({ status: 'sent', finished_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
      return 'done';
    }
    const last = ids[ids.length - 1]!;
    // Consent is read now, batch by batch: whoever withdrew before their batch is passed over.
    const reach = await reachable(broadcast.purpose, ids);
    const skipped = ids.length - reach.length;
    const message = { kind: 'broadcast', title: broadcast.title, body: broadcast.body, link: broadcast.link };
    // The notice is in the app at once; its push waits for the sending hours (a night batch: 07:00).
    const pushAfter = nextSendingTime(now(), deps.sendingHours) ?? undefined;
    const advance = async (trx: Transaction<Database>, inserted: number[]) => {
      if (inserted.length > 0)
        await trx
          .updateTable('broadcasts')
          .set((eb) => ({ sent_count: eb('sent_count', '+', inserted.length) }))
          .where('id', '=', id)
          .execute();
      // Forward only: a run that read an older cursor than the current one leaves it alone (and
      // counts none of the batch's skipped learners a second time).
      await trx
        .updateTable('broadcasts')
        .set((eb) => ({ cursor_user_id: last, skipped_count: eb('skipped_count', '+', skipped) }))
        .where('id', '=', id)
        .where('cursor_user_id', '=', cursor)
        .execute();
    };
    if (reach.length === 0) await db.transaction().execute((trx) => advance(trx, []));
    else await notifications.notifyOnce(id, reach, message, advance, pushAfter);
    return 'more';
  }

  /** One `broadcasts.send` job: a few batches, then the next job (enqueued before this one completes). */
  async function runJob(id: number): Promise<void> {
    for (let n = 0; n < batchesPerJob; n += 1) {
      if ((await sendBatch(id)) === 'done') return;
    }
    await enqueue(id);
  }

  function toItem(r: Selectable<BroadcastsTable>) {
    return {
      id: r.id,
      title: r.title,
      body: r.body,
      link: r.link,
      audience: r.audience,
      purpose: r.purpose,
      subject_id: r.subject_id,
      subject_name: r.subject_name,
      status: r.status,
      recipient_count: r.recipient_count,
      sent_count: r.sent_count,
      skipped_count: r.skipped_count,
      created_by_name: r.created_by_name,
      created_at: iso(r.created_at),
      finished_at: isoOrNull(r.finished_at),
    };
  }

  return {
    /** How many would receive it now (marketing: those consenting), how many it skips, and the subject's name. */
    async preview(audience: Audience) {
      const subject = await subjectOrFail(audience);
      const { targeted, reached } = await countRecipients(audience);
      return { recipients: reached, skipped: targeted - reached, subject_name: subject?.name ?? null };
    },

    /** Records the broadcast and enqueues its sending; refused when nobody would receive it. */
    async send(actor: Actor, input: BroadcastInput) {
      const subject = await subjectOrFail(input);
      const purpose = input.purpose ?? 'service';
      const { targeted, reached: count } = await countRecipients({ ...input, purpose });
      if (count === 0)
        throw new AppError(
          'BUSINESS_RULE',
          purpose === 'marketing' && targeted > 0
            ? 'Chưa có học viên nào trong nhóm này đồng ý nhận tin tiếp thị; thông báo không được gửi.'
            : 'Không có người nhận nào cho thông báo này.',
        );
      const row = await db
        .insertInto('broadcasts')
        .values({
          title: input.title,
          body: input.body,
          link: input.link || null,
          audience: input.audience,
          purpose,
          subject_id: subject?.id ?? null,
          subject_name: subject?.name ?? null,
          recipient_count: count,
          created_by: actor.viewer.id,
          created_by_name: actor.viewer.fullName.slice(0, 200),
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(
        actor,
        'broadcast.send',
        { type: 'broadcast', id: row.id },
        {
          audience: input.audience,
          purpose,
          subject_id: subject?.id ?? null,
          recipients: count,
          title: input.title,
        },
      );
      try {
        await enqueue(row.id);
      } catch (error) {
        await db
          .updateTable('broadcasts')
          .set({ status: 'failed', finished_at: nowIso() })
          .where('id', '=', row.id)
          .execute();
        throw error;
      }
      return toItem(row);
    },

    async list(query: Page) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('broadcasts')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        db
          .selectFrom('broadcasts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toItem), total: Number(total.n) };
    },

    /** Subjects to choose from, with their follower counts. */
    async subjectChoices() {
      const rows = await db
        .selectFrom('subjects')
        .leftJoin('subject_likes', 'subject_likes.subject_id', 'subjects.id')
        .select(['subjects.id', 'subjects.name', (eb) => eb.fn.count<number>('subject_likes.user_id').as('followers')])
        .groupBy(['subjects.id', 'subjects.name'])
        .orderBy('subjects.name')
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, followers: Number(row.followers) }));
    },

    /** Declares the queue and works its jobs (server/jobs.ts, before the queue starts). */
    async work() {
      await ready();
      await jobs.work<{ broadcastId: number }>(BROADCAST_QUEUE, (job) => runJob(job.data.broadcastId));
    },

    /**
     * Once the queue has started: a broadcast still `sending` with no job waiting (sent before
     * broadcasts were jobs, or its job out of retries) gets one. The singleton key collapses it into
     * any job already queued, and a learner already reached is skipped by the (broadcast, user)
     * constraint, so running this on every instance at every start is harmless.
     */
    async requeueStranded() {
      const sending = await db.selectFrom('broadcasts').select('id').where('status', '=', 'sending').execute();
      for (const { id } of sending) await enqueue(id);
      return sending.length;
    },

    /** One job's run: a few batches, then the next job. */
    runJob,

    /** One batch of one broadcast, as a job's run sends it (tests run it twice, or concurrently). */
    sendBatch,

    /** Waits until no broadcast is left sending, the queue working (tests). */
    async settle(timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const left = await db.selectFrom('broadcasts').select('id').where('status', '=', 'sending').executeTakeFirst();
        if (!left) return;
        if (Date.now() > end) throw new Error(`broadcast ${left.id} still sending`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
