/**
 * The affiliate programme, learner side: joining (a referral code), the visit through a referral
 * link (a click, at most one per visitor per day, and the signed cookie — never for bots or for
 * oneself), the order hooks (attribution at checkout, a commission on the amount actually paid at
 * completion, its reversal at refund), and the affiliate's own figures.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { isbot } from 'isbot';
import { nowIso, readDate, isUniqueViolation } from '../../db/connect.ts';
import type { CommissionStatus, Database } from '../../db/schema.ts';
import { searchTerms } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { attributeToAffiliate, type OrderHooks } from '../orders/index.ts';
import { vietnamDay } from '../../lib/format/date.ts';
import * as repo from './affiliates.repository.ts';
import { COMMISSION_STATUS_LABELS } from './affiliates.schemas.ts';
import { readReferralCookie } from './referral-cookie.ts';
import { decodeReferral, encodeReferral } from './referral-signing.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 86_400_000;

export interface Visit {
  ref: string;
  viewerId: number | undefined;
  ip: string;
  userAgent: string | undefined;
  path: string;
}

export type AffiliatesService = ReturnType<typeof createAffiliatesService>;

/** Commission of an order: each line's amount paid × its course's rate (or the default), at most the total. */
export function commissionFor(
  total: number,
  lines: { price: number; discount: number; affiliate_rate: number | null }[],
  defaultRate: number,
): number {
  const sum = lines.reduce(
    (acc, line) => acc + (Math.max(0, line.price - line.discount) * (line.affiliate_rate ?? defaultRate)) / 100,
    0,
  );
  return Math.max(0, Math.min(Math.floor(sum), total));
}

export function createAffiliatesService(deps: {
  db: Kysely<Database>;
  secret: string;
  defaultRate: number;
  publicUrl: string;
}) {
  const { db, secret, defaultRate, publicUrl } = deps;

  function visitorKey(ip: string, userAgent: string) {
    return createHash('sha256').update(`${secret}|${ip}|${userAgent}`).digest('hex').slice(0, 32);
  }

  function newCode() {
    return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  }

  function linkFor(code: string, path = '/') {
    return `${publicUrl}${path}?ref=${code}`;
  }

  /**
   * A page request with `?ref=`: the cookie value to set, or null (unknown or suspended code, a bot,
   * the affiliate themselves). The click is recorded once per visitor (address + browser) per day.
   */
  async function trackVisit(visit: Visit, now = new Date()): Promise<string | null> {
    const code = visit.ref.trim().toUpperCase();
    if (!/^[A-Z0-9]{4,20}$/.test(code)) return null;
    if (!visit.userAgent || isbot(visit.userAgent)) return null;
    const affiliate = await repo.findAffiliate(db, { code });
    if (!affiliate || affiliate.status !== 'active' || affiliate.user_id === visit.viewerId) return null;
    await repo.recordClick(
      db,
      {
        affiliateId: affiliate.id,
        visitor: visitorKey(visit.ip, visit.userAgent),
        day: vietnamDay(now),
        path: visit.path.slice(0, 300),
      },
      now.toISOString(),
    );
    return encodeReferral(secret, affiliate.id, now);
  }

  const hooks: OrderHooks = {
    async placed(trx, order, cookies) {
      const affiliateId = decodeReferral(secret, readReferralCookie(cookies));
      if (affiliateId === null) return;
      const affiliate = await repo.findAffiliate(trx, { id: affiliateId });
      // Never to oneself, never to a suspended affiliate.
      if (!affiliate || affiliate.status !== 'active' || affiliate.user_id === order.userId) return;
      await attributeToAffiliate(trx, order.id, affiliate.id);
    },
    async completed(trx, orderId) {
      await commissionForOrder(trx, orderId);
    },
    async refunded(trx, orderId) {
      await repo.reverseForOrder(trx, orderId, nowIso());
    },
  };

  /** The commission of a completed, attributed, paid order (once: the order's unique key). */
  async function commissionForOrder(trx: Transaction<Database> | Kysely<Database>, orderId: number) {
    const found = await repo.orderForCommission(trx, orderId);
    if (!found || found.order.affiliate_id === null || found.order.total <= 0) return;
    const amount = commissionFor(found.order.total, found.lines, defaultRate);
    if (amount <= 0) return;
    await repo.insertCommission(
      trx,
      { affiliateId: found.order.affiliate_id, orderId, baseAmount: found.order.total, amount },
      nowIso(),
    );
  }

  async function totalsOf(affiliateIds: number[]) {
    const [sums, clicks] = await Promise.all([
      repo.commissionTotals(db, affiliateIds),
      repo.clickCounts(db, affiliateIds),
    ]);
    const totals = new Map<number, ReturnType<typeof emptyTotals>>();
    for (const id of affiliateIds) totals.set(id, emptyTotals());
    for (const row of clicks) totals.get(row.affiliate_id)!.clicks = Number(row.n);
    for (const row of sums) {
      const entry = totals.get(row.affiliate_id)!;
      entry[row.status] = Number(row.amount ?? 0);
      if (row.status !== 'reversed') entry.orders += Number(row.n);
    }
    return totals;
  }

  async function describe(userId: number) {
    const affiliate = await repo.findAffiliate(db, { userId });
    if (!affiliate) return { joined: false as const, default_rate: defaultRate, affiliate: null };
    const totals = (await totalsOf([affiliate.id])).get(affiliate.id)!;
    return {
      joined: true as const,
      default_rate: defaultRate,
      affiliate: {
        code: affiliate.code,
        status: affiliate.status,
        link: linkFor(affiliate.code),
        joined_at: readDate(affiliate.created_at).toISOString(),
        totals,
      },
    };
  }

  async function requireAffiliate(userId: number) {
    const affiliate = await repo.findAffiliate(db, { userId });
    if (!affiliate) throw new AppError('NOT_FOUND', 'Bạn chưa tham gia chương trình cộng tác viên.');
    return affiliate;
  }

  return {
    hooks,
    trackVisit,
    totalsOf,
    linkFor,
    defaultRate,
    describe,

    /** Joins the programme (again: the same code). */
    async join(userId: number) {
      if (!(await repo.findAffiliate(db, { userId }))) {
        for (let attempt = 0; ; attempt += 1) {
          try {
            const now = nowIso();
            await repo.insertAffiliate(db, userId, newCode(), now);
            break;
          } catch (error) {
            if (!isUniqueViolation(error) || attempt >= 4) throw error;
            if (await repo.findAffiliate(db, { userId })) break;
          }
        }
      }
      return describe(userId);
    },

    /** Clicks, orders and commission per Vietnam day over the last `days` days (oldest first). */
    async series(userId: number, days: number, now = new Date()) {
      const affiliate = await requireAffiliate(userId);
      const firstDay = vietnamDay(new Date(now.getTime() - (days - 1) * DAY_MS));
      const buckets = new Map<string, { day: string; clicks: number; orders: number; commission: number }>();
      for (let i = days - 1; i >= 0; i -= 1) {
        const day = vietnamDay(new Date(now.getTime() - i * DAY_MS));
        buckets.set(day, { day, clicks: 0, orders: 0, commission: 0 });
      }
      const fromIso = new Date(`${firstDay}T00:00:00+07:00`).toISOString();
      const [clicks, commissions] = await Promise.all([
        repo.clicksSince(db, affiliate.id, firstDay),
        repo.commissionsSince(db, affiliate.id, fromIso),
      ]);
      for (const row of clicks) {
        const bucket = buckets.get(row.day);
        if (bucket) bucket.clicks += Number(row.n);
      }
      for (const row of commissions) {
        if (row.status === 'reversed') continue;
        const bucket = buckets.get(vietnamDay(readDate(row.created_at)));
        if (!bucket) continue;
        bucket.orders += 1;
        bucket.commission += row.amount;
      }
      return [...buckets.values()];
    },

    /** The affiliate's commissions, newest first: when, on which courses, how much, in which state (no buyer). */
    async commissions(userId: number, page: number, limit: number, status?: CommissionStatus) {
      const affiliate = await requireAffiliate(userId);
      const { rows, total } = await repo.listCommissions(
        db,
        { affiliateId: affiliate.id, status },
        { limit, offset: (page - 1) * limit },
      );
      const titles = await repo.courseTitles(
        db,
        rows.map((row) => row.order_id),
      );
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          courses: titles.get(row.order_id) ?? [],
          base_amount: row.base_amount,
          amount: row.amount,
          status: row.status,
          status_label: COMMISSION_STATUS_LABELS[row.status],
          created_at: readDate(row.created_at).toISOString(),
        })),
      };
    },

    /** Referral links of published courses matching `q` (the newest when empty), with their rate. */
    async links(userId: number, q: string | undefined) {
      const affiliate = await requireAffiliate(userId);
      const courses = await repo.searchCourses(db, searchTerms(q), 10);
      return courses.map((course) => ({
        course_id: course.id,
        title: course.title,
        price: course.price_new,
        rate: course.affiliate_rate ?? defaultRate,
        link: linkFor(affiliate.code, `/khoa-hoc/${course.slug}`),
      }));
    },
  };
}

function emptyTotals() {
  return { clicks: 0, orders: 0, pending: 0, approved: 0, paid: 0, reversed: 0 };
}
