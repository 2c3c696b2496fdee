/**
 * Studio promotions: list (folded search by code and name, state and type filters, CSV), create
 * and edit every type and limit with its targets, and the list of uses. Writes are audited.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation, nowIso, readDate, retryOnUniqueViolation } from '../../../db/connect.ts';
import type { Database, PromotionRow } from '../../../db/schema.ts';
import { iso } from '../../../kernel/db/index.ts';
import { toCsv } from '../../../kernel/http/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { foldVietnamese } from '../../../lib/text/fold.ts';
import type { Actor, Page } from '../studio.service.ts';
import type { PROMOTION_STATES, PromotionInput } from './schemas.ts';

type State = (typeof PROMOTION_STATES)[number];
type Audit = (
  actor: Actor,
  action: string,
  target: { type: string; id: string | number },
  summary: unknown,
) => Promise<unknown>;

export const PROMOTION_NOT_FOUND = 'Không tìm thấy ưu đãi.';

export function stateOf(row: Pick<PromotionRow, 'is_active' | 'starts_at' | 'ends_at'>, now = Date.now()): State {
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

export interface PromotionListQuery extends Page {
  q?: string | undefined;
  state?: State | undefined;
  type?: PromotionRow['type'] | undefined;
}

export function createStudioPromotions({ db, audit }: { db: Kysely<Database>; audit: Audit }) {
  /** Promotions are few (hundreds at most): filtered and folded here, so "chao ban" finds "Chào bạn". */
  async function list(query: PromotionListQuery) {
    let select = db.selectFrom('promotions').selectAll().orderBy('id', 'desc');
    if (query.type) select = select.where('type', '=', query.type);
    const q = foldVietnamese(query.q);
    const rows = (await select.execute())
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
    const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', PROMOTION_NOT_FOUND);
    return row;
  }

  async function detail(id: number) {
    const row = await requireRow(id);
    const targets = await db
      .selectFrom('promotion_targets')
      .select(['kind', 'target_id'])
      .where('promotion_id', '=', id)
      .orderBy('target_id')
      .execute();
    const ids = targets.map((t) => t.target_id);
    const titled =
      ids.length === 0
        ? []
        : row.scope === 'categories'
          ? await db.selectFrom('categories').select(['id', 'name as title']).where('id', 'in', ids).execute()
          : await db.selectFrom('courses').select(['id', 'title']).where('id', 'in', ids).execute();
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
    const table = input.scope === 'courses' ? 'courses' : 'categories';
    const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      const what = input.scope === 'courses' ? 'khóa học' : 'danh mục';
      throw new AppError('VALIDATION_FAILED', 'Vui lòng kiểm tra lại thông tin.', {
        target_ids: `Không tìm thấy ${what} có mã ${missing.join(', ')}.`,
      });
    }
  }

  const taken = () =>
    new AppError('CONFLICT', 'Mã giảm giá đã tồn tại.', { code: 'Mã giảm giá đã tồn tại, vui lòng chọn mã khác.' });

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

  async function write(promotionId: number | null, input: PromotionInput): Promise<number> {
    await checkTargets(input);
    const now = nowIso();
    const kind = input.scope === 'courses' ? ('course' as const) : ('category' as const);
    try {
      // A concurrent save (the same code, or the same promotion's targets): checked again, as if it had come first.
      return await retryOnUniqueViolation(async () => {
        const clash = await db.selectFrom('promotions').select('id').where('code', '=', input.code).executeTakeFirst();
        if (clash && clash.id !== promotionId) throw taken();
        return db.transaction().execute(async (trx) => {
          let id = promotionId;
          if (id === null) {
            const values = { ...columns(input), used: 0, created_at: now, updated_at: now };
            id = (await trx.insertInto('promotions').values(values).returning('id').executeTakeFirstOrThrow()).id;
          } else {
            await trx
              .updateTable('promotions')
              .set({ ...columns(input), updated_at: now })
              .where('id', '=', id)
              .execute();
            await trx.deleteFrom('promotion_targets').where('promotion_id', '=', id).execute();
          }
          const targets = [...new Set(input.target_ids)].map((target_id) => ({ promotion_id: id!, kind, target_id }));
          if (input.scope !== 'all' && targets.length > 0)
            await trx.insertInto('promotion_targets').values(targets).execute();
          return id;
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

  function filteredUsages(id: number) {
    return db
      .selectFrom('promotion_usages')
      .innerJoin('orders', 'orders.id', 'promotion_usages.order_id')
      .innerJoin('users', 'users.id', 'promotion_usages.user_id')
      .where('promotion_usages.promotion_id', '=', id);
  }

  async function usages(id: number, page: Page) {
    await requireRow(id);
    const rows = await filteredUsages(id)
      .select([
        'promotion_usages.id',
        'promotion_usages.discount',
        'promotion_usages.created_at',
        'orders.code as order_code',
        'orders.status as order_status',
        'users.id as user_id',
        'users.full_name',
        'users.phone',
      ])
      .orderBy('promotion_usages.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute();
    const count = await filteredUsages(id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { items: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })), total: Number(count.n) };
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
