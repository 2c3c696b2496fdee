/**
 * The support desk: support requests (new → in progress → resolved; assigned to a staff member;
 * replies reach the requester, notes stay internal). Every change is audited (the studio's audit
 * log, passed in). Who the staff are and their names come from accounts, replies go out through
 * notifications and messaging: the composition root passes each in as a function.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, SupportRequestsTable } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { iso } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import * as repo from './support.desk.repository.ts';
import { SUPPORT_STATUS_LABELS } from './support.labels.ts';

type SupportStatus = SupportRequestsTable['status'];
type SupportRow = NonNullable<Awaited<ReturnType<typeof repo.findSupport>>>;

interface Page {
  page: number;
  limit: number;
}

const offsetOf = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

export interface SupportQuery extends Page {
  q?: string | undefined;
  status?: SupportStatus | undefined;
  assignee_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

/** The studio's actor as the desk reads it: who writes a note. */
export interface DeskActor {
  viewer: { id: number; fullName: string };
}

export interface SupportDeskDeps<Actor extends DeskActor> {
  db: Kysely<Database>;
  /** Staff who can be assigned (active editors and admins, by name): accounts'. */
  staff: () => Promise<{ id: number; full_name: string; role: string }[]>;
  /** Names of users by id: accounts'. */
  contactsOf: (ids: number[]) => Promise<{ id: number; full_name: string }[]>;
  /** A notification to a signed-in requester. */
  notify: (userId: number, message: { kind: 'support'; title: string; body: string; link: null }) => Promise<unknown>;
  sendEmail: (message: { to: string; subject: string; text: string }) => Promise<unknown>;
  sendSms: (to: string, text: string) => Promise<unknown>;
  audit: AuditLog<Actor>;
}

export type SupportDesk<Actor extends DeskActor> = ReturnType<typeof createSupportDesk<Actor>>;

export function createSupportDesk<Actor extends DeskActor>(deps: SupportDeskDeps<Actor>) {
  const { db, audit } = deps;

  /** The rows as the studio shows them, with their assignees' names. */
  async function toSupportItems(rows: SupportRow[]) {
    const ids = rows.flatMap((row) => (row.assignee_id === null ? [] : [row.assignee_id]));
    const names = new Map((await deps.contactsOf(ids)).map((user) => [user.id, user.full_name]));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      full_name: row.full_name,
      phone: row.phone,
      email: row.email,
      title: row.title,
      content: row.content,
      path: row.path,
      user_id: row.user_id,
      status: row.status,
      status_label: SUPPORT_STATUS_LABELS[row.status],
      assignee_id: row.assignee_id,
      assignee_name: (row.assignee_id === null ? null : names.get(row.assignee_id)) ?? null,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    }));
  }
  const toSupportItem = async (row: SupportRow) => (await toSupportItems([row]))[0]!;

  async function supportOrFail(id: number) {
    const row = await repo.findSupport(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy yêu cầu hỗ trợ.');
    return row;
  }

  async function listSupport(query: SupportQuery) {
    const { rows, total } = await repo.searchSupport(
      db,
      { ...query, q: foldVietnamese(query.q) || undefined },
      offsetOf(query),
    );
    return { items: await toSupportItems(rows), total };
  }

  return {
    listSupport,
    async supportCsv(query: Omit<SupportQuery, 'page' | 'limit'>) {
      const { items } = await listSupport({ ...query, page: 1, limit: 10_000 });
      return toCsv(
        ['id', 'status', 'full_name', 'phone', 'email', 'title', 'content', 'assignee', 'created_at'],
        items.map((r) => [
          r.id,
          r.status,
          r.full_name,
          r.phone,
          r.email,
          r.title,
          r.content,
          r.assignee_name,
          r.created_at,
        ]),
      );
    },

    async supportDetail(id: number) {
      const row = await supportOrFail(id);
      const notes = await repo.listSupportNotes(db, id);
      return {
        ...(await toSupportItem(row)),
        notes: notes.map((n) => ({
          id: n.id,
          kind: n.kind,
          author_name: n.author_name,
          body: n.body,
          created_at: iso(n.created_at),
        })),
      };
    },

    listStaff: () => deps.staff(),

    /** State and assignee (an editor or admin; null = nobody). */
    async updateSupport(
      actor: Actor,
      id: number,
      input: { status?: SupportStatus | undefined; assignee_id?: number | null | undefined },
    ) {
      const row = await supportOrFail(id);
      const set: { status?: SupportStatus; assignee_id?: number | null } = {};
      if (input.status && input.status !== row.status) set.status = input.status;
      if (input.assignee_id !== undefined && input.assignee_id !== row.assignee_id) {
        if (input.assignee_id !== null) {
          const staff = await deps.staff();
          if (!staff.some((s) => s.id === input.assignee_id))
            throw new AppError('VALIDATION_FAILED', 'Người được giao phải là biên tập viên hoặc quản trị viên.', {
              assignee_id: 'Người được giao phải là biên tập viên hoặc quản trị viên.',
            });
        }
        set.assignee_id = input.assignee_id;
      }
      if (Object.keys(set).length > 0) {
        await repo.updateSupport(db, id, set, nowIso());
        await audit(
          actor,
          'support.update',
          { type: 'support_request', id },
          {
            ...(set.status ? { status: { from: row.status, to: set.status } } : {}),
            ...(set.assignee_id !== undefined ? { assignee_id: { from: row.assignee_id, to: set.assignee_id } } : {}),
          },
        );
      }
      return toSupportItem((await repo.findSupport(db, id))!);
    },

    /**
     * A reply (sent to the requester: a notification when signed in, else e-mail or SMS; the
     * request moves to in progress when new) or an internal note.
     */
    async addNote(actor: Actor, id: number, input: { kind: 'note' | 'reply'; body: string }) {
      const row = await supportOrFail(id);
      const now = nowIso();
      await repo.insertSupportNote(
        db,
        {
          requestId: id,
          authorId: actor.viewer.id,
          authorName: actor.viewer.fullName,
          kind: input.kind,
          body: input.body,
        },
        now,
      );
      let delivered: 'notification' | 'email' | 'sms' | null = null;
      if (input.kind === 'reply') {
        const subject = `Trả lời yêu cầu hỗ trợ${row.title ? `: ${row.title}` : ''}`.slice(0, 200);
        if (row.user_id) {
          await deps.notify(row.user_id, { kind: 'support', title: subject, body: input.body, link: null });
          delivered = 'notification';
        } else if (row.email) {
          await deps.sendEmail({ to: row.email, subject, text: input.body });
          delivered = 'email';
        } else if (row.phone) {
          await deps.sendSms(row.phone, input.body.slice(0, 300));
          delivered = 'sms';
        }
        if (row.status === 'new') await repo.updateSupport(db, id, { status: 'in_progress' }, now);
      }
      await audit(
        actor,
        `support.${input.kind}`,
        { type: 'support_request', id },
        { length: input.body.length, delivered },
      );
      return { id, kind: input.kind, delivered };
    },
  };
}
