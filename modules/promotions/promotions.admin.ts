/**
 * The studio's operations on promotions: list (folded search by code and name, state and type
 * filters, CSV), create and edit every type and limit with its targets, and the list of uses.
 * Writes are audited through the studio's log (passed in); the titles of the targets come from the
 * catalog and the learners who used a promotion from accounts (both passed in by modules/services.ts).
 */
import { isUniqueViolation, nowIso, readDate, retryOnUniqueViolation } from '../../db/connect.ts';
import type { PromotionRow } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { iso, type Db } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { PromotionInput } from './promotions.admin.schemas.ts';
import type { PromotionState } from './promotions.labels.ts';
import * as repo from './promotions.repository.ts';

export const PROMOTION_NOT_FOUND = 'Không tìm thấy ưu đãi.';

interface Page {
  page: number;
  limit: number;
}

export interface PromotionListQuery extends Page {
  q?: string | undefined;
  state?: PromotionState | undefined;
  type?: PromotionRow['type'] | undefined;
}

export interface PromotionsAdminDeps<Actor> {
  db: Db;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
  /** The catalog: ids and titles of the courses or categories found among `ids`. */
  catalog: { titlesOf(kind: 'courses' | 'categories', ids: number[]): Promise<{ id: number; title: string }[]> };
  /** Accounts: names and phones of users by id. */
  accounts: { contactsOf(ids: number[]): Promise<{ id: number; full_name: string; phone: string | null }[]> };
}

export function stateOf(
  row: Pick<PromotionRow, 'is_active' | 'starts_at' | 'ends_at'>,
  now = Date.now(),
): PromotionState {
  if (row.is_active !== 1) return 'stopped';
  if (readDate(row.starts_at).getTime() > now) return 'upcoming';
  if (row.ends_at !== null && readDate(row.ends_at).getTime() <= now) return 'ended';
  return 'running';
}

function toRow(row: PromotionRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    value: row.value,
    quantity: row.quantity,
    used: row.used,
    state: stateOf(row),
    starts_at: iso(row.starts_at),
    ends_at: row.ends_at === null ? null : iso(row.ends_at),
  };
}

function columns(input: PromotionInput) {
  return {
    code: input.code,
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    value: input.value,
    max_discount: input.max_discount ?? null,
    min_order: input.min_order,
    quantity: input.quantity ?? null,
    per_user: input.per_user,
    customer_type: input.customer_type,
    scope: input.scope,
    starts_at: input.starts_at,
    ends_at: input.ends_at ?? null,
    is_active: input.is_active ? 1 : 0,
    is_public: input.is_public ? 1 : 0,
  };
}

const taken = () =>
  new AppError('CONFLICT', 'Mã giảm giá đã tồn tại.', { code: 'Mã giảm giá đã tồn tại, vui lòng chọn mã khác.' });

export type PromotionsAdmin<Actor> = ReturnType<typeof createPromotionsAdmin<Actor>>;

export function createPromotionsAdmin<Actor>({ db, audit, catalog, accounts }: PromotionsAdminDeps<Actor>) {
  /** Promotions are few (hundreds at most): filtered and folded here, so "chao ban" finds "Chào bạn". */
  async function list(query: PromotionListQuery) {
    const q = foldVietnamese(query.q);
    const rows = (await repo.listAll(db, query.type))
      .filter((row) => !q || foldVietnamese(`${row.code} ${row.name}`).includes(q))
      .map(toRow)
      .filter((row) => !query.state || row.state === query.state);
    const offset = (query.page - 1) * query.limit;
    return { items: rows.slice(offset, offset + query.limit), total: rows.length };
  }

  async function csv(query: Omit<PromotionListQuery, 'page' | 'limit'>) {
    const { items } = await list({ ...query, page: 1, limit: 100_000 });
    return toCsv(
      ['code', 'name', 'type', 'value', 'quantity', 'used', 'state', 'starts_at', 'ends_at'],
      items.map((p) => [p.code, p.name, p.type, p.value, p.quantity, p.used, p.state, p.starts_at, p.ends_at]),
    );
  }

  async function requireRow(id: number) {
    const row = await repo.findById(db, id);
    if (!row) throw new AppError('NOT_FOUND', PROMOTION_NOT_FOUND);
    return row;
  }

  async function detail(id: number) {
    const row = await requireRow(id);
    const ids = (await repo.listTargets(db, id)).map((t) => t.target_id);
    const titled = await catalog.titlesOf(row.scope === 'categories' ? 'categories' : 'courses', ids);
    return {
      ...toRow(row),
      description: row.description,
      max_discount: row.max_discount,
      min_order: row.min_order,
      per_user: row.per_user,
      customer_type: row.customer_type,
      scope: row.scope,
      target_ids: ids,
      targets: titled.map((t) => ({ id: t.id, title: t.title })),
      is_active: row.is_active === 1,
      is_public: row.is_public === 1,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  /** The targets must exist: courses for scope `courses`, categories for `categories`. */
  async function checkTargets(input: PromotionInput) {
    if (input.scope === 'all') return;
    const ids = [...new Set(input.target_ids)];
    const found = await catalog.titlesOf(input.scope, ids);
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      const what = input.scope === 'courses' ? 'khóa học' : 'danh mục';
      throw new AppError('VALIDATION_FAILED', 'Vui lòng kiểm tra lại thông tin.', {
        target_ids: `Không tìm thấy ${what} có mã ${missing.join(', ')}.`,
      });
    }
  }

  async function write(promotionId: number | null, input: PromotionInput): Promise<number> {
    await checkTargets(input);
    const now = nowIso();
    const kind = input.scope === 'courses' ? ('course' as const) : ('category' as const);
    const targets =
      input.scope === 'all' ? [] : [...new Set(input.target_ids)].map((target_id) => ({ kind, target_id }));
    try {
      // A concurrent save (the same code, or the same promotion's targets): checked again, as if it had come first.
      return await retryOnUniqueViolation(async () => {
        const clash = await repo.findByCode(db, input.code);
        if (clash && clash.id !== promotionId) throw taken();
        return db.transaction().execute(async (trx) => {
          if (promotionId !== null) {
            await repo.updatePromotion(trx, promotionId, { ...columns(input), updated_at: now }, targets);
            return promotionId;
          }
          const values = { ...columns(input), used: 0, created_at: now, updated_at: now };
          return (await repo.insertPromotion(trx, values, targets)).id;
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async function create(actor: Actor, input: PromotionInput) {
    const id = await write(null, input);
    await audit(actor, 'promotion.create', { type: 'promotion', id }, columns(input));
    return detail(id);
  }

  async function update(actor: Actor, id: number, input: PromotionInput) {
    const before = await requireRow(id);
    if (input.quantity !== undefined && input.quantity < before.used)
      throw new AppError('VALIDATION_FAILED', 'Vui lòng kiểm tra lại thông tin.', {
        quantity: `Số lượng không được nhỏ hơn số lượt đã dùng (${before.used}).`,
      });
    await write(id, input);
    const after = columns(input);
    const changed = Object.fromEntries(
      Object.entries(after)
        .filter(([key, value]) => {
          const old = before[key as keyof typeof before];
          return String(old instanceof Date ? old.toISOString() : old) !== String(value);
        })
        .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
    );
    await audit(actor, 'promotion.update', { type: 'promotion', id }, { code: input.code, changed });
    return detail(id);
  }

  async function usages(id: number, page: Page) {
    await requireRow(id);
    const [rows, total] = await Promise.all([repo.listUsages(db, id, page), repo.countUsages(db, id)]);
    const people = new Map((await accounts.contactsOf(rows.map((row) => row.user_id))).map((u) => [u.id, u]));
    const items = rows.map((row) => ({
      id: row.id,
      discount: row.discount,
      created_at: iso(row.created_at),
      order_code: row.order_code,
      order_status: row.order_status,
      user_id: row.user_id,
      full_name: people.get(row.user_id)?.full_name ?? '',
      phone: people.get(row.user_id)?.phone ?? null,
    }));
    return { items, total };
  }

  async function usagesCsv(id: number) {
    const { items } = await usages(id, { page: 1, limit: 100_000 });
    return toCsv(
      ['order_code', 'order_status', 'user_id', 'full_name', 'phone', 'discount', 'created_at'],
      items.map((u) => [u.order_code, u.order_status, u.user_id, u.full_name, u.phone, u.discount, u.created_at]),
    );
  }

  return { list, csv, detail, create, update, usages, usagesCsv };
}
