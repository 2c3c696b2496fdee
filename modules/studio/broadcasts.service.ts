/**
 * Broadcasts: one notification to every active learner, or to the followers of a subject
 * (subject_likes). The request only records the broadcast; the sending runs after it, in batches
 * of `batchSize` users (by id, resuming after `cursor_user_id`), through the notifications service.
 */
import type { Kysely, Selectable } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { BroadcastsTable, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Actor, Page, StudioService } from './studio.service.ts';

export interface Audience {
  audience: 'all' | 'subject';
  subject_id?: number | undefined;
}

export interface BroadcastInput extends Audience {
  title: string;
  body: string;
  link?: string | undefined;
}

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;

const iso = (value: Date | string | null) => (value === null ? null : readDate(value).toISOString());

export function createBroadcastsService(deps: {
  db: Kysely<Database>;
  notifications: NotificationsService;
  audit: StudioService['audit'];
  batchSize?: number;
  log?: { error(details: object, message: string): void };
}) {
  const { db, notifications, audit, batchSize = 500 } = deps;
  const running = new Map<number, Promise<void>>();
  /** Set at shutdown: the sending stops after the current batch (and resumes at the next start). */
  let stopping = false;

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

  async function countRecipients(audience: Audience): Promise<number> {
    const row = await recipients(audience)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
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

  /** Sends the remaining batches of one broadcast; a failure marks it failed (a later resume continues). */
  async function run(id: number): Promise<void> {
    try {
      while (!stopping) {
        const broadcast = await db.selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
        if (!broadcast || broadcast.status !== 'sending') return;
        const audience = { audience: broadcast.audience, subject_id: broadcast.subject_id ?? undefined };
        const batch = await recipients(audience)
          .select('users.id')
          .where('users.id', '>', broadcast.cursor_user_id)
          .orderBy('users.id')
          .limit(batchSize)
          .execute();
        if (batch.length === 0) {
          await db
            .updateTable('broadcasts')
            .set({ status: 'sent', finished_at: nowIso() })
            .where('id', '=', id)
            .execute();
          return;
        }
        const ids = batch.map((row) => row.id);
        await notifications.notifyMany(ids, {
          kind: 'broadcast',
          title: broadcast.title,
          body: broadcast.body,
          link: broadcast.link,
        });
        await db
          .updateTable('broadcasts')
          .set({ cursor_user_id: ids[ids.length - 1]!, sent_count: broadcast.sent_count + ids.length })
          .where('id', '=', id)
          .execute();
      }
    } catch (error) {
      deps.log?.error({ err: error, broadcastId: id }, 'broadcast failed');
      await db
        .updateTable('broadcasts')
        .set({ status: 'failed', finished_at: nowIso() })
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    }
  }

  function start(id: number) {
    if (running.has(id)) return;
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => run(id))
      .finally(() => running.delete(id));
    running.set(id, job);
  }

  function toItem(r: Selectable<BroadcastsTable>) {
    return {
      id: r.id,
      title: r.title,
      body: r.body,
      link: r.link,
      audience: r.audience,
      subject_id: r.subject_id,
      subject_name: r.subject_name,
      status: r.status,
      recipient_count: r.recipient_count,
      sent_count: r.sent_count,
      created_by_name: r.created_by_name,
      created_at: iso(r.created_at)!,
      finished_at: iso(r.finished_at),
    };
  }

  return {
    /** How many would receive it now, and the subject's name. */
    async preview(audience: Audience) {
      const subject = await subjectOrFail(audience);
      return { recipients: await countRecipients(audience), subject_name: subject?.name ?? null };
    },

    /** Records the broadcast and starts sending it after the request; refused when nobody would receive it. */
    async send(actor: Actor, input: BroadcastInput) {
      const subject = await subjectOrFail(input);
      const count = await countRecipients(input);
      if (count === 0) throw new AppError('BUSINESS_RULE', 'Không có người nhận nào cho thông báo này.');
      const row = await db
        .insertInto('broadcasts')
        .values({
          title: input.title,
          body: input.body,
          link: input.link || null,
          audience: input.audience,
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
        { audience: input.audience, subject_id: subject?.id ?? null, recipients: count, title: input.title },
      );
      start(row.id);
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

    /** Continues broadcasts a stopped process left sending (called at start). */
    async resume() {
      const rows = await db.selectFrom('broadcasts').select('id').where('status', '=', 'sending').execute();
      for (const row of rows) start(row.id);
    },

    /** Shutdown: finish the current batches and stop; unsent recipients wait for `resume`. */
    async stop() {
      stopping = true;
      await Promise.all([...running.values()]);
    },

    /** Waits for the sending in progress (tests). */
    async settle() {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
  };
}
