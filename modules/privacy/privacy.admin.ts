/**
 * The studio's personal-data page (privacy.read to see, privacy.write to act): every export and
 * deletion request with its deadline (overdue ones counted), "Thực hiện ngay" for a failed export or a
 * deletion whose waiting period is over, and the breach records with their 72-hour deadline to
 * notify the authority.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import { parseDateInput } from '../../lib/format/date.ts';
import * as repo from './privacy.repository.ts';
import { REQUEST_NOT_FOUND, toRequestView, type Requests } from './privacy.requests.ts';
import type { BreachInput } from './privacy.schemas.ts';
import type { BreachRow, DataRequestKind, DataRequestState } from './privacy.table.ts';
import { BREACH_NOTIFY_HOURS, BREACH_STATE_LABELS } from './public.ts';

const HOUR_MS = 3_600_000;
const iso = (value: Date | string | null) => (value === null ? null : readDate(value).toISOString());

function toBreachView(row: BreachRow, now: Date) {
  const notifyBy = readDate(row.notify_by);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    detected_at: iso(row.detected_at)!,
    notify_by: notifyBy.toISOString(),
    affected_count: row.affected_count,
    state: row.state,
    state_label: BREACH_STATE_LABELS[row.state],
    notified_at: iso(row.notified_at),
    overdue: row.state === 'open' && notifyBy.getTime() < now.getTime(),
    created_at: iso(row.created_at)!,
  };
}

export function createPrivacyAdmin<Actor extends { viewer: { id: number } }>(deps: {
  db: Kysely<Database>;
  requests: Pick<Requests, 'enqueueExport' | 'runDeletion'>;
  audit: AuditLog<Actor>;
  /** Names and contacts of users by id (the accounts' service); an erased account shows its pseudonym. */
  contactsOf(ids: number[]): Promise<{ id: number; full_name: string; phone: string | null; email: string | null }[]>;
  now?: () => Date;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async listRequests(query: {
      kind?: DataRequestKind | undefined;
      state?: DataRequestState | undefined;
      page: number;
      limit: number;
    }) {
      const at = now();
      const [{ rows, total }, overdue] = await Promise.all([
        repo.listRequests(db, query, query.page, query.limit),
        repo.countOverdue(db, at.toISOString()),
      ]);
      const contacts = new Map(
        (await deps.contactsOf([...new Set(rows.map((row) => row.user_id))])).map((c) => [c.id, c]),
      );
      const items = rows.map((row) => {
        const view = toRequestView(row);
        const contact = contacts.get(row.user_id);
        const open = ['pending', 'waiting', 'processing', 'failed'].includes(row.state);
        return {
          ...view,
          user_id: row.user_id,
          user_name: contact?.full_name ?? `#${row.user_id}`,
          user_contact: contact?.phone ?? contact?.email ?? null,
          attempts: row.attempts,
          last_error: row.last_error,
          overdue: open && readDate(row.due_at).getTime() < at.getTime(),
          can_run:
            (row.kind === 'export' && (row.state === 'failed' || row.state === 'pending')) ||
            (row.kind === 'deletion' &&
              row.state === 'waiting' &&
              row.scheduled_for !== null &&
              readDate(row.scheduled_for).getTime() <= at.getTime()),
        };
      });
      return { items, total, overdue };
    },

    /** A failed or stuck export: a new job. A deletion past its waiting period: carried out now. */
    async runNow(actor: Actor, id: number) {
      const row = await repo.findRequest(db, id);
      if (!row) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
      if (row.kind === 'export' && (row.state === 'failed' || row.state === 'pending')) {
        await deps.requests.enqueueExport(row.id);
      } else if (
        row.kind === 'deletion' &&
        row.state === 'waiting' &&
        row.scheduled_for !== null &&
        readDate(row.scheduled_for).getTime() <= now().getTime()
      ) {
        await deps.requests.runDeletion(row.id);
      } else {
        throw new AppError(
          'BUSINESS_RULE',
          'Yêu cầu này không thể thực hiện lúc này (đã xong, đã hủy hoặc còn trong thời gian chờ).',
        );
      }
      await audit(actor, 'privacy.request.run', { type: 'privacy_request', id }, { kind: row.kind });
      return { id };
    },

    async listBreaches() {
      const at = now();
      return (await repo.listBreaches(db, 100)).map((row) => toBreachView(row, at));
    },

    async createBreach(actor: Actor, input: BreachInput) {
      const detected = new Date(parseDateInput(input.detected_at));
      const at = now();
      if (detected.getTime() > at.getTime() + 5 * 60_000)
        throw new AppError('VALIDATION_FAILED', 'Thời điểm phát hiện không được ở tương lai.', {
          detected_at: 'Thời điểm phát hiện không được ở tương lai.',
        });
      const id = await repo.insertBreach(db, {
        title: input.title,
        description: input.description,
        detected_at: detected.toISOString(),
        notify_by: new Date(detected.getTime() + BREACH_NOTIFY_HOURS * HOUR_MS).toISOString(),
        affected_count: input.affected_count,
        state: 'open',
        created_by: actor.viewer.id,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      await audit(actor, 'privacy.breach.create', { type: 'privacy_breach', id }, { title: input.title });
      return toBreachView((await repo.findBreach(db, id))!, at);
    },

    /** The authority was notified (open → notified), or the breach is resolved (→ closed). */
    async moveBreach(actor: Actor, id: number, to: 'notified' | 'closed') {
      const at = now().toISOString();
      const moved = await repo.updateBreach(db, id, to === 'notified' ? ['open'] : ['open', 'notified'], {
        state: to,
        ...(to === 'notified' ? { notified_at: at } : {}),
        updated_at: at,
      });
      if (!moved) {
        if (!(await repo.findBreach(db, id))) throw new AppError('NOT_FOUND', 'Không tìm thấy sự cố.');
        throw new AppError('CONFLICT', 'Sự cố đã ở trạng thái này hoặc đã được đóng.');
      }
      await audit(actor, `privacy.breach.${to}`, { type: 'privacy_breach', id }, {});
      return toBreachView((await repo.findBreach(db, id))!, now());
    },
  };
}

export type PrivacyAdmin<Actor extends { viewer: { id: number } }> = ReturnType<typeof createPrivacyAdmin<Actor>>;
