/**
 * The affiliate programme in the studio (permission `affiliates.manage`): affiliates with their
 * figures, commissions (approve), payouts (every approved commission becomes paid), suspension,
 * and each course's own commission rate. Every write is audited.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { AffiliateStatus, CommissionStatus, Database } from '../../db/schema.ts';
import { iso, isoOrNull, searchTerms } from '../../kernel/db/index.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import * as repo from './affiliates.repository.ts';
import { AFFILIATE_STATUS_LABELS, COMMISSION_STATUS_LABELS } from './affiliates.schemas.ts';
import type { AffiliatesService } from './affiliates.service.ts';

const CSV_LIMIT = 10_000;

export interface AffiliateListQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  status?: AffiliateStatus | undefined;
}

export interface CommissionListQuery {
  page: number;
  limit: number;
  affiliate_id?: number | undefined;
  status?: CommissionStatus | undefined;
}

/** What the affiliates' studio reads of the studio's actor: who paid a commission out. */
export interface StudioActorLike {
  viewer: { id: number };
}

export type AffiliatesStudio<Actor extends StudioActorLike> = ReturnType<typeof createAffiliatesStudio<Actor>>;

export function createAffiliatesStudio<Actor extends StudioActorLike>(deps: {
  db: Kysely<Database>;
  affiliates: AffiliatesService;
  audit: AuditLog<Actor>;
  /** The catalog: sets a course's own rate (null: the default); false when there is no such course. */
  catalog: { setAffiliateRate(courseId: number, rate: number | null): Promise<boolean> };
}) {
  const { db, affiliates, audit } = deps;

  /**
   * The folded search (marks, case, đ): every affiliate's code, name, phone and e-mail folded here,
   * since SQLite's lower() leaves Vietnamese letters alone. A phone typed as 09… also finds 849….
   */
  async function matchingIds(query: AffiliateListQuery): Promise<number[] | undefined> {
    const needle = foldVietnamese(query.q);
    if (!needle) return undefined;
    const phone = /^[\d\s.+-]{6,}$/.test(needle) ? (normalizePhone(needle) ?? needle.replace(/\D/g, '')) : null;
    const rows = await repo.searchableAffiliates(db, query.status);
    return rows
      .filter(
        (row) =>
          foldVietnamese(`${row.code} ${row.full_name} ${row.email ?? ''}`).includes(needle) ||
          (row.phone !== null && phone !== null && row.phone.includes(phone)),
      )
      .map((row) => row.id);
  }

  async function listAffiliates(query: AffiliateListQuery) {
    const { rows, total } = await repo.searchAffiliates(
      db,
      { ids: await matchingIds(query), status: query.status },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    const totals = await affiliates.totalsOf(rows.map((row) => row.id));
    const items = rows.map((row) => ({
      id: row.id,
      code: row.code,
      status: row.status,
      status_label: AFFILIATE_STATUS_LABELS[row.status],
      user: { id: row.user_id, full_name: row.full_name, phone: row.phone, email: row.email },
      totals: totals.get(row.id)!,
      created_at: iso(row.created_at),
    }));
    return { items, total };
  }

  async function listCommissions(query: CommissionListQuery) {
    const { rows, total } = await repo.listCommissions(
      db,
      { affiliateId: query.affiliate_id, status: query.status },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    const titles = await repo.courseTitles(
      db,
      rows.map((row) => row.order_id),
    );
    const items = rows.map((row) => ({
      id: row.id,
      affiliate: { id: row.affiliate_id, code: row.affiliate_code, full_name: row.full_name },
      order_code: row.order_code,
      courses: titles.get(row.order_id) ?? [],
      base_amount: row.base_amount,
      amount: row.amount,
      status: row.status,
      status_label: COMMISSION_STATUS_LABELS[row.status],
      created_at: iso(row.created_at),
      approved_at: isoOrNull(row.approved_at),
      paid_at: isoOrNull(row.paid_at),
      reversed_at: isoOrNull(row.reversed_at),
    }));
    return { items, total };
  }

  async function requireAffiliate(id: number) {
    const affiliate = await repo.affiliateWithUser(db, id);
    if (!affiliate) throw new AppError('NOT_FOUND', 'Không tìm thấy cộng tác viên.');
    return affiliate;
  }

  async function detail(id: number) {
    const row = await requireAffiliate(id);
    const [totals, payouts] = await Promise.all([affiliates.totalsOf([id]), repo.listPayouts(db, id)]);
    return {
      id,
      code: row.code,
      status: row.status,
      status_label: AFFILIATE_STATUS_LABELS[row.status],
      user: { id: row.user_id, full_name: row.full_name, phone: row.phone, email: row.email },
      totals: totals.get(id)!,
      created_at: iso(row.created_at),
      link: affiliates.linkFor(row.code),
      payouts: payouts.map((payout) => ({
        id: payout.id,
        amount: payout.amount,
        commission_count: payout.commission_count,
        reference: payout.reference,
        note: payout.note,
        created_at: iso(payout.created_at),
      })),
    };
  }

  return {
    listAffiliates,
    listCommissions,
    detail,

    async affiliatesCsv(query: Omit<AffiliateListQuery, 'page' | 'limit'>) {
      const { items } = await listAffiliates({ ...query, page: 1, limit: CSV_LIMIT });
      return toCsv(
        [
          'Mã',
          'Họ tên',
          'Điện thoại',
          'E-mail',
          'Trạng thái',
          'Lượt nhấp',
          'Đơn hàng',
          'Chờ duyệt',
          'Đã duyệt',
          'Đã chi trả',
          'Ngày tham gia',
        ],
        items.map((item) => [
          item.code,
          item.user.full_name,
          item.user.phone,
          item.user.email,
          item.status_label,
          item.totals.clicks,
          item.totals.orders,
          item.totals.pending,
          item.totals.approved,
          item.totals.paid,
          item.created_at.slice(0, 10),
        ]),
      );
    },

    async commissionsCsv(query: Omit<CommissionListQuery, 'page' | 'limit'>) {
      const { items } = await listCommissions({ ...query, page: 1, limit: CSV_LIMIT });
      return toCsv(
        [
          'Mã hoa hồng',
          'Cộng tác viên',
          'Mã CTV',
          'Đơn hàng',
          'Khóa học',
          'Số tiền đơn',
          'Hoa hồng',
          'Trạng thái',
          'Ngày tạo',
        ],
        items.map((item) => [
          item.id,
          item.affiliate.full_name,
          item.affiliate.code,
          item.order_code,
          item.courses.join('; '),
          item.base_amount,
          item.amount,
          item.status_label,
          item.created_at.slice(0, 10),
        ]),
      );
    },

    /** pending → approved; ids in another state are left alone. */
    async approve(actor: Actor, ids: number[]) {
      const approved = await repo.approveCommissions(db, ids, nowIso());
      await audit(
        actor,
        'affiliate.approve',
        { type: 'affiliate_commission', id: ids.join(',').slice(0, 60) },
        { ids, approved },
      );
      return { approved };
    },

    /** A payout: every approved commission of the affiliate becomes paid, in one transaction. */
    async payout(actor: Actor, id: number, input: { reference: string; note?: string | undefined }) {
      await requireAffiliate(id);
      const result = await db.transaction().execute(async (trx) => {
        const approved = await repo.approvedOf(trx, id);
        if (approved.length === 0) return null;
        const amount = approved.reduce((sum, row) => sum + row.amount, 0);
        const now = nowIso();
        const payoutId = await repo.insertPayout(
          trx,
          {
            affiliateId: id,
            amount,
            count: approved.length,
            reference: input.reference,
            note: input.note || null,
            actorId: actor.viewer.id,
          },
          now,
        );
        await repo.markPaid(
          trx,
          approved.map((row) => row.id),
          payoutId,
          now,
        );
        return { payout_id: payoutId, amount, commission_count: approved.length };
      });
      if (!result) throw new AppError('BUSINESS_RULE', 'Cộng tác viên không có hoa hồng đã duyệt nào để chi trả.');
      await audit(actor, 'affiliate.payout', { type: 'affiliate', id }, { ...result, reference: input.reference });
      return result;
    },

    async setStatus(actor: Actor, id: number, status: AffiliateStatus) {
      const before = await requireAffiliate(id);
      await repo.setAffiliateStatus(db, id, status, nowIso());
      await audit(actor, 'affiliate.status', { type: 'affiliate', id }, { before: before.status, after: status });
      return detail(id);
    },

    async courseRates(q: string | undefined) {
      const courses = await repo.searchCourses(db, searchTerms(q), 20);
      return courses.map((course) => ({
        id: course.id,
        title: course.title,
        rate: course.affiliate_rate,
        effective_rate: course.affiliate_rate ?? affiliates.defaultRate,
      }));
    },

    async setCourseRate(actor: Actor, courseId: number, rate: number | null) {
      if (!(await deps.catalog.setAffiliateRate(courseId, rate)))
        throw new AppError('NOT_FOUND', 'Không tìm thấy khóa học.');
      await audit(actor, 'course.affiliate_rate', { type: 'course', id: courseId }, { rate });
      return { id: courseId, rate, effective_rate: rate ?? affiliates.defaultRate };
    },
  };
}
