/**
 * A learner's notifications: the service later modules call to notify one learner or many. Each
 * new notification is also pushed to the browsers of learners who opted in (push.service.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, NotificationRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { PushService } from './push.service.ts';

export interface NotificationView {
  id: number;
  slug: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  created_at: string;
}

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

function toView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    slug: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read_at !== null,
    created_at: readDate(row.created_at).toISOString(),
  };
}

export function createNotificationsService(db: Kysely<Database>, push?: PushService) {
  /** The page a pushed notification opens: its own link, else its detail page (or the list). */
  const pushOf = (notification: NewNotification, id: number | null) => ({
    title: notification.title,
    body: notification.body,
    url: notification.link ?? (id === null ? '/tai-khoan/thong-bao' : `/tai-khoan/thong-bao/${id}`),
    tag: id === null ? notification.kind : `thong-bao-${id}`,
  });

  return {
    /**
     * Notifies one learner. With `within` (a caller's transaction) the row and its push job commit
     * with the caller's work or not at all: a claim and its notice cannot come apart. Without it the
     * push is enqueued after the insert, never failing the notification.
     */
    async notify(userId: number, notification: NewNotification, within?: Transaction<Database>): Promise<number> {
      const row = await (within ?? db)
        .insertInto('notifications')
        .values({
          user_id: userId,
          kind: notification.kind,
          title: notification.title,
          body: notification.body,
          link: notification.link ?? null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (within) await push?.enqueue([userId], pushOf(notification, row.id), within);
      else push?.push([userId], pushOf(notification, row.id));
      return row.id;
    },

    async notifyMany(userIds: number[], notification: NewNotification): Promise<number> {
      const now = nowIso();
      for (let start = 0; start < userIds.length; start += 500) {
        const rows = userIds.slice(start, start + 500).map((userId) => ({
          user_id: userId,
          kind: notification.kind,
          title: notification.title,
          body: notification.body,
          link: notification.link ?? null,
          created_at: now,
        }));
        if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
      }
      push?.push(userIds, pushOf(notification, null));
      return userIds.length;
    },

    /**
     * Notifies each of these learners once for broadcast `broadcastId`: a learner who already has its
     * notification is skipped (unique index on broadcast and user), so a batch run again inserts
     * nothing twice. `within` runs in the same transaction with the learners actually inserted; only
     * they are pushed, after the commit — not before `pushAfter` when it is given.
     */
    async notifyOnce(
      broadcastId: number,
      userIds: number[],
      notification: NewNotification,
      within?: (trx: Transaction<Database>, inserted: number[]) => Promise<void>,
      pushAfter?: Date,
    ): Promise<number[]> {
      if (userIds.length === 0) return [];
      const now = nowIso();
      const inserted = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto('notifications')
          .values(
            userIds.map((userId) => ({
              user_id: userId,
              broadcast_id: broadcastId,
              kind: notification.kind,
              title: notification.title,
              body: notification.body,
              link: notification.link ?? null,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).where('broadcast_id', 'is not', null).doNothing())
          .returning('user_id')
          .execute();
        const ids = rows.map((row) => row.user_id);
        // The push of the rows inserted is a job of this same transaction: whatever crashes, the
        // learners reached get one push, and nobody a push without the notification.
        if (ids.length > 0) await push?.enqueue(ids, pushOf(notification, null), trx, pushAfter);
        await within?.(trx, ids);
        return ids;
      });
      return inserted;
    },

    async list(userId: number, page: number, limit: number) {
      const [rows, total, unread] = await Promise.all([
        db
          .selectFrom('notifications')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        this.countUnread(userId),
      ]);
      return { items: rows.map(toView), total: Number(total.n), unread };
    },

    async countUnread(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One notification of this user (never someone else's), marked read. */
    async open(userId: number, id: number): Promise<NotificationView> {
      const row = await db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy thông báo.');
      if (!row.read_at) {
        const now = nowIso();
        await db
          .updateTable('notifications')
          .set({ read_at: now })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .execute();
        row.read_at = now;
      }
      return toView(row);
    },

    async markAllRead(userId: number): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: nowIso() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
