/**
 * Partnership requests ("cooperate"): schools, partners and teachers send one from the solution,
 * teacher and partner pages; it is validated, limited per address, acknowledged by e-mail (through
 * messaging's outbox or SMTP) and handled in the studio (states new → contacted → won | lost, notes).
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, PartnershipRequestRow } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { formatPhone } from '../../lib/phone.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { Throttle } from '../cache/throttle.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import * as repo from './partnerships.repository.ts';
import {
  PARTNERSHIP_KIND_LABELS,
  PARTNERSHIP_STATUS_LABELS,
  type CooperateInput,
  type PartnershipUpdateInput,
  type PartnershipView,
  type PartnershipsQuery,
} from './partnerships.schemas.ts';

/**
 * Requests per contact phone number: 5 per 10 minutes (a school may send for several campuses).
 * Per address the limit is sized for carrier-grade NAT (decision 0008): one sender's flood must
 * not stop everybody behind the same mobile-network address.
 */
export const COOPERATE_LIMIT = { hits: 5, windowMs: 10 * 60_000 };
export const COOPERATE_ADDRESS_LIMIT = { hits: 200, windowMs: 10 * 60_000 };

export interface PartnershipsDeps<Actor> {
  db: Kysely<Database>;
  throttle: Throttle;
  messaging: MessagingService;
  audit: AuditLog<Actor>;
  siteName: string;
  publicUrl: string;
  log?: { error(object: unknown, message: string): void };
}

function toView(row: PartnershipRequestRow): PartnershipView {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: PARTNERSHIP_KIND_LABELS[row.kind],
    organization: row.organization,
    contact_name: row.contact_name,
    phone: formatPhone(row.phone),
    email: row.email,
    needs: row.needs,
    learners: row.learners,
    source_path: row.source_path,
    status: row.status,
    status_label: PARTNERSHIP_STATUS_LABELS[row.status],
    notes: row.notes,
    created_at: readDate(row.created_at).toISOString(),
    updated_at: readDate(row.updated_at).toISOString(),
  };
}

export type PartnershipsService<Actor> = ReturnType<typeof createPartnershipsService<Actor>>;

export function createPartnershipsService<Actor>(deps: PartnershipsDeps<Actor>) {
  const { db, throttle, messaging } = deps;

  function acknowledgement(input: CooperateInput) {
    return {
      to: input.email,
      subject: `${deps.siteName} đã nhận yêu cầu hợp tác của ${input.organization}`,
      text: [
        `Kính gửi ${input.contact_name},`,
        '',
        `${deps.siteName} đã nhận được yêu cầu hợp tác của ${input.organization}.`,
        'Bộ phận hợp tác sẽ liên hệ lại với anh/chị trong vòng 2 ngày làm việc qua số điện thoại ' +
          `${formatPhone(input.phone)} hoặc thư điện tử này.`,
        '',
        'Nhu cầu anh/chị đã gửi:',
        input.needs,
        '',
        `Trân trọng,\n${deps.siteName} — ${deps.publicUrl}`,
      ].join('\n'),
    };
  }

  return {
    /** A request from the public form; `ip` is the sender's address (the per-address limit). */
    async submit(input: CooperateInput, meta: { ip: string | null; userId: number | null }) {
      const gates = await Promise.all([
        throttle.hit(`cooperate:contact:${input.phone}`, COOPERATE_LIMIT.hits, COOPERATE_LIMIT.windowMs),
        throttle.hit(
          `cooperate:${meta.ip ?? 'unknown'}`,
          COOPERATE_ADDRESS_LIMIT.hits,
          COOPERATE_ADDRESS_LIMIT.windowMs,
        ),
      ]);
      const gate = gates.find((answer) => !answer.allowed);
      if (gate) {
        throw new AppError(
          'RATE_LIMITED',
          `Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau ${Math.ceil(gate.retryAfterSeconds / 60)} phút.`,
          { retry_after: String(gate.retryAfterSeconds) },
        );
      }
      const now = nowIso();
      const organization = input.organization.normalize('NFC');
      const contactName = input.contact_name.normalize('NFC');
      const id = await repo.insertRequest(db, {
        kind: input.kind,
        organization,
        contact_name: contactName,
        phone: input.phone,
        email: input.email,
        needs: input.needs.normalize('NFC'),
        learners: input.learners ?? null,
        source_path: input.source_path ?? '/giai-phap',
        search_text: foldVietnamese(`${organization} ${contactName} ${input.email} ${formatPhone(input.phone)}`),
        user_id: meta.userId,
        ip: meta.ip?.slice(0, 64) ?? null,
        created_at: now,
        updated_at: now,
      });
      // The request is kept whatever happens to the acknowledgement.
      try {
        await messaging.sendEmail(acknowledgement({ ...input, organization, contact_name: contactName }));
      } catch (error) {
        deps.log?.error({ err: error, partnershipRequest: id }, 'partnership acknowledgement failed');
      }
      return { id, status: 'new' as const };
    },

    async list(query: Omit<PartnershipsQuery, 'format'>) {
      const folded = foldVietnamese(query.q);
      const digits = folded.replace(/[\s.+-]/g, '');
      const phone = /^\d{4,}$/.test(digits) ? digits.replace(/^0/, '') : undefined;
      const { rows, total } = await repo.searchRequests(
        db,
        { q: folded || undefined, phone, status: query.status, kind: query.kind, sort: query.sort },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: rows.map(toView), total };
    },

    async csv(query: Omit<PartnershipsQuery, 'format' | 'page' | 'limit'>) {
      const { items } = await this.list({ ...query, page: 1, limit: 10_000 });
      return toCsv(
        [
          'id',
          'created_at',
          'kind',
          'organization',
          'contact_name',
          'phone',
          'email',
          'learners',
          'status',
          'needs',
          'notes',
          'source_path',
        ],
        items.map((r) => [
          r.id,
          r.created_at,
          r.kind,
          r.organization,
          r.contact_name,
          r.phone,
          r.email,
          r.learners,
          r.status,
          r.needs,
          r.notes,
          r.source_path,
        ]),
      );
    },

    countByStatus: () => repo.countByStatus(db),

    async detail(id: number): Promise<PartnershipView> {
      const row = await repo.findRequest(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy yêu cầu hợp tác.');
      return toView(row);
    },

    /** The studio changes the state and/or the notes; audited with before and after. */
    async update(actor: Actor, id: number, input: PartnershipUpdateInput): Promise<PartnershipView> {
      const before = await this.detail(id);
      const changes: { status?: PartnershipView['status']; notes?: string } = {};
      if (input.status !== undefined && input.status !== before.status) changes.status = input.status;
      if (input.notes !== undefined && input.notes.normalize('NFC') !== before.notes)
        changes.notes = input.notes.normalize('NFC');
      if (Object.keys(changes).length === 0) return before;
      await repo.updateRequest(db, id, changes, nowIso());
      await deps.audit(
        actor,
        'partnership.update',
        { type: 'partnership_request', id },
        {
          ...(changes.status ? { status: { from: before.status, to: changes.status } } : {}),
          ...(changes.notes !== undefined ? { notes: { from: before.notes, to: changes.notes } } : {}),
        },
      );
      return this.detail(id);
    },
  };
}
