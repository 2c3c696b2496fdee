/**
 * Promotions (PRODUCT.md): same_price, fixed_price, percentage with an optional cap; a window, a total
 * quantity, uses per learner, a customer type, a scope and a minimum order, with the six messages;
 * a refusal says which rule failed (`fields.reason`, and the rule in the message).
 */
import type { Kysely, Transaction } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, PromotionRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format/date.ts';
import { formatAmount } from '../../lib/format/money.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import * as repo from './promotions.repository.ts';

export const PROMOTION_MESSAGES = {
  notFound: 'Mã giảm giá không tồn tại',
  invalid: 'Mã giảm giá không hợp lệ',
  outsideWindow: 'Mã giảm giá không trong thời gian áp dụng',
  inactive: 'Mã giảm giá đang dừng hoạt động',
  soldOut: 'Số lượng mã giảm giá đã hết',
  used: 'Mã giảm giá đã sử dụng',
} as const;

export interface PricedLine {
  courseId: number;
  categoryId: number | null;
  price: number;
}

export interface PromotionQuote {
  promotion: PromotionRow;
  discount: number;
  /** The discount of each line, in the order given. */
  lineDiscounts: number[];
}

/**
 * Which rule refused a code (`fields.reason` of the error), so the app and the page can say it:
 * the six messages of PRODUCT.md, the generic "không hợp lệ" one followed by the rule that failed.
 */
export type PromotionRefusal =
  | 'not_found'
  | 'inactive'
  | 'not_started'
  | 'ended'
  | 'sold_out'
  | 'used'
  | 'customer_type'
  | 'scope'
  | 'min_order'
  | 'invalid';

export function rejectPromotion(
  message: string,
  reason: PromotionRefusal = 'invalid',
  extra: Record<string, string> = {},
): never {
  throw new AppError('BUSINESS_RULE', message, { promotion_code: message, reason, ...extra });
}

/** "Mã giảm giá không hợp lệ: {the rule}." */
const invalidBecause = (rule: string) => `${PROMOTION_MESSAGES.invalid}: ${rule}.`;

const CUSTOMER_RULES: Record<PromotionRow['customer_type'], string> = {
  all_user: '',
  user_sub: 'mã chỉ dành cho học viên đang dùng gói cước',
  user_active: 'mã chỉ dành cho học viên đang có khóa học còn hạn',
  user_inactive: 'mã chỉ dành cho học viên mới, chưa có khóa học nào đang học',
};

const SCOPE_RULES: Record<Exclude<PromotionRow['scope'], 'all'>, string> = {
  courses: 'mã chỉ áp dụng cho một số khóa học, giỏ hàng chưa có khóa học nào trong số đó',
  categories: 'mã chỉ áp dụng cho khóa học thuộc một số danh mục, giỏ hàng chưa có khóa học nào thuộc các danh mục đó',
};

const at = (value: Date | string) => formatDateTime(value, 'HH:mm DD/MM/YYYY');

/** Spreads `amount` over the eligible lines in proportion to their price (the last one takes the rest). */
function spread(amount: number, lines: PricedLine[], eligible: boolean[]): number[] {
  const base = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.price : 0), 0);
  const lastIndex = eligible.lastIndexOf(true);
  let left = amount;
  return lines.map((line, index) => {
    if (!eligible[index] || base === 0) return 0;
    const share = index === lastIndex ? left : Math.floor((amount * line.price) / base);
    left -= share;
    return share;
  });
}

export function computeDiscount(promotion: PromotionRow, lines: PricedLine[], eligible: boolean[]): number[] {
  const eligibleTotal = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.price : 0), 0);
  switch (promotion.type) {
    case 'same_price':
      return lines.map((line, index) => (eligible[index] ? Math.max(0, line.price - promotion.value) : 0));
    case 'fixed_price':
      return spread(Math.min(promotion.value, eligibleTotal), lines, eligible);
    case 'percentage': {
      let amount = Math.round((eligibleTotal * Math.min(promotion.value, 100)) / 100);
      if (promotion.max_discount !== null) amount = Math.min(amount, promotion.max_discount);
      return spread(amount, lines, eligible);
    }
  }
}

export function toPromotionView(row: PromotionRow) {
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    type: row.type,
    value: row.value,
    max_discount: row.max_discount,
    min_order: row.min_order,
    customer_type: row.customer_type,
    scope: row.scope,
    remaining: row.quantity === null ? null : Math.max(0, row.quantity - row.used),
    starts_at: readDate(row.starts_at).toISOString(),
    ends_at: row.ends_at === null ? null : readDate(row.ends_at).toISOString(),
  };
}

/** The customer type of PRODUCT.md: everyone, subscribers, learners with or without an active course. */
function fitsCustomer(promotion: PromotionRow, customer: { active: boolean; subscribed: boolean }): boolean {
  switch (promotion.customer_type) {
    case 'all_user':
      return true;
    case 'user_sub':
      return customer.subscribed;
    case 'user_active':
      return customer.active;
    case 'user_inactive':
      return !customer.active;
  }
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

export function createPromotionsService({ db, enrolments }: { db: Kysely<Database>; enrolments: EnrolmentsService }) {
  async function requireUsable(code: string, userId: number): Promise<PromotionRow> {
    const promotion = await repo.findByCode(db, code.trim().toUpperCase());
    if (!promotion) rejectPromotion(PROMOTION_MESSAGES.notFound, 'not_found');
    if (promotion.is_active !== 1) rejectPromotion(PROMOTION_MESSAGES.inactive, 'inactive');
    const now = Date.now();
    const starts = readDate(promotion.starts_at);
    const ends = promotion.ends_at === null ? null : readDate(promotion.ends_at);
    if (starts.getTime() > now) {
      rejectPromotion(`${PROMOTION_MESSAGES.outsideWindow}: mã bắt đầu áp dụng từ ${at(starts)}.`, 'not_started', {
        starts_at: starts.toISOString(),
      });
    }
    if (ends !== null && ends.getTime() <= now) {
      rejectPromotion(`${PROMOTION_MESSAGES.outsideWindow}: mã đã hết hạn lúc ${at(ends)}.`, 'ended', {
        ends_at: ends.toISOString(),
      });
    }
    if (promotion.quantity !== null && promotion.used >= promotion.quantity)
      rejectPromotion(PROMOTION_MESSAGES.soldOut, 'sold_out');
    if ((await repo.countUserUses(db, promotion.id, userId)) >= promotion.per_user) {
      const times = promotion.per_user === 1 ? 'một lần' : `${promotion.per_user} lần`;
      rejectPromotion(`${PROMOTION_MESSAGES.used}: mỗi tài khoản chỉ dùng được ${times}.`, 'used');
    }
    if (promotion.customer_type !== 'all_user') {
      const customer = await enrolments.describeCustomer(userId);
      if (!fitsCustomer(promotion, customer)) {
        rejectPromotion(invalidBecause(CUSTOMER_RULES[promotion.customer_type]), 'customer_type', {
          customer_type: promotion.customer_type,
        });
      }
    }
    return promotion;
  }

  /** What the code takes off these lines, or one of the six messages. */
  async function quote(code: string, userId: number, lines: PricedLine[]): Promise<PromotionQuote> {
    const promotion = await requireUsable(code, userId);
    const targets = promotion.scope === 'all' ? [] : await repo.listTargets(db, promotion.id);
    const ids = new Set(targets.map((target) => target.target_id));
    const eligible = lines.map((line) =>
      promotion.scope === 'all'
        ? true
        : promotion.scope === 'courses'
          ? ids.has(line.courseId)
          : line.categoryId !== null && ids.has(line.categoryId),
    );
    const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
    if (promotion.scope !== 'all' && !eligible.some(Boolean)) {
      rejectPromotion(invalidBecause(SCOPE_RULES[promotion.scope]), 'scope');
    }
    if (subtotal < promotion.min_order) {
      const missing = promotion.min_order - subtotal;
      rejectPromotion(
        invalidBecause(
          `mã áp dụng cho đơn hàng từ ${formatAmount(promotion.min_order)}, đơn của bạn còn thiếu ${formatAmount(missing)}`,
        ),
        'min_order',
        { min_order: String(promotion.min_order), missing: String(missing) },
      );
    }
    const lineDiscounts = computeDiscount(promotion, lines, eligible);
    return { promotion, discount: lineDiscounts.reduce((sum, value) => sum + value, 0), lineDiscounts };
  }

  /** Inside the order's transaction: takes one use (or fails with "hết") and records it. */
  async function reserve(trx: Transaction<Database>, promotionQuote: PromotionQuote, userId: number, orderId: number) {
    const { promotion, discount } = promotionQuote;
    if (!(await repo.takeUse(trx, promotion.id))) rejectPromotion(PROMOTION_MESSAGES.soldOut, 'sold_out');
    if ((await repo.countUserUses(trx, promotion.id, userId)) >= promotion.per_user)
      rejectPromotion(PROMOTION_MESSAGES.used, 'used');
    await repo.insertUsage(trx, { promotionId: promotion.id, userId, orderId, discount, now: nowIso() });
  }

  return {
    quote,
    reserve,
    release: (trx: Transaction<Database>, orderId: number) => repo.releaseUsage(trx, orderId),
    /** A closed order completed by a late payment holds its use again (no-op when it still holds it). */
    restore: (trx: Transaction<Database>, orderId: number) => repo.restoreUsage(trx, orderId, nowIso()),
    async listPublic() {
      return (await repo.listPublic(db, nowIso())).map(toPromotionView);
    },
    /** The offers page: public promotions this learner can still use (uses left, customer type). */
    async listUsableBy(userId: number) {
      const rows = (await repo.listPublic(db, nowIso())).filter(
        (row) => row.quantity === null || row.used < row.quantity,
      );
      if (rows.length === 0) return [];
      const customer = await enrolments.describeCustomer(userId);
      const usable = [];
      for (const row of rows) {
        if (!fitsCustomer(row, customer)) continue;
        if ((await repo.countUserUses(db, row.id, userId)) >= row.per_user) continue;
        usable.push(toPromotionView(row));
      }
      return usable;
    },
    async details(code: string) {
      const row = await repo.findByCode(db, code.trim().toUpperCase());
      if (!row || row.is_active !== 1) throw new AppError('NOT_FOUND', PROMOTION_MESSAGES.notFound);
      return toPromotionView(row);
    },
  };
}
