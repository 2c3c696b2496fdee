/**
 * The studio dashboard: orders, revenue, new learners, enrolments and completions per Vietnam day,
 * week or month. The window's rows are fetched (capped) and bucketed here with one helper, so the
 * same code answers on SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { OrderStatus, PaymentMethod } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { vietnamDay } from '../../lib/format/date.ts';
import { vietnamDayStart } from './studio.service.ts';

export type DashboardPeriod = 'day' | 'week' | 'month';
export const SERIES = [
  'revenue',
  'orders',
  'completed_orders',
  'failed_orders',
  'new_learners',
  'enrolments',
  'completions',
] as const;
export type Series = (typeof SERIES)[number];
type Counts = Record<Series, number>;

/** Rows read per series at most: a window larger than this is refused, never silently cut. */
export const DASHBOARD_ROW_CAP = 50_000;
/** Buckets in one answer at most (a year and a bit by day). */
const MAX_BUCKETS = 400;
const TOO_LONG = 'Khoảng thời gian quá dài, hãy chọn ngắn hơn.';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How many buckets the default window holds, per period. */
const DEFAULT_BUCKETS: Record<DashboardPeriod, number> = { day: 30, week: 12, month: 12 };

/** The bucket of a Vietnam day: the day itself, the Monday of its week, or the first of its month. */
export function bucketOf(day: string, period: DashboardPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY).toISOString().slice(0, 10);
}

/** Every bucket from the one holding `from` to the one holding `to`, in order (one past MAX_BUCKETS at most). */
export function bucketsBetween(from: string, to: string, period: DashboardPeriod): string[] {
  const keys: string[] = [];
  for (
    let at = new Date(`${from}T00:00:00Z`);
    calendarDay(at) <= to && keys.length <= MAX_BUCKETS;
    at = new Date(at.getTime() + DAY)
  ) {
    const key = bucketOf(calendarDay(at), period);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}
/** A calendar day held as UTC midnight → `YYYY-MM-DD`. */
const calendarDay = (utcMidnight: Date) => utcMidnight.toISOString().slice(0, 10);

/** The default window ending today (Vietnam time): 30 days, 12 weeks or 12 months. */
function defaultFrom(today: string, period: DashboardPeriod): string {
  const todayAt = new Date(`${today}T00:00:00Z`);
  if (period === 'day') return calendarDay(new Date(todayAt.getTime() - (DEFAULT_BUCKETS.day - 1) * DAY));
  if (period === 'week') return bucketOf(calendarDay(new Date(todayAt.getTime() - 11 * 7 * DAY)), 'week');
  todayAt.setUTCDate(1);
  todayAt.setUTCMonth(todayAt.getUTCMonth() - (DEFAULT_BUCKETS.month - 1));
  return calendarDay(todayAt);
}

export interface DashboardQuery {
  period: DashboardPeriod;
  from?: string | undefined;
  to?: string | undefined;
}

async function windowRows(db: Db, fromIso: string, toIso: string) {
  const capped = <T>(rows: T[]) => {
    if (rows.length > DASHBOARD_ROW_CAP) throw new AppError('VALIDATION_FAILED', TOO_LONG);
    return rows;
  };
  const limit = DASHBOARD_ROW_CAP + 1;
  const inWindow = (column: string) => sql<boolean>`${sql.ref(column)} >= ${fromIso} and ${sql.ref(column)} < ${toIso}`;
  const [orders, learners, enrolments, completions] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', 'payment_method', 'total', 'created_at'])
      .where(inWindow('created_at'))
      .limit(limit)
      .execute(),
    db
      .selectFrom('users')
      .select('created_at as at')
      .where('role', '=', 'learner')
      .where(inWindow('created_at'))
      .limit(limit)
      .execute(),
    db.selectFrom('enrolments').select('created_at as at').where(inWindow('created_at')).limit(limit).execute(),
    db
      .selectFrom('course_progress')
      .select('completed_at as at')
      .where(inWindow('completed_at'))
      .limit(limit)
      .execute(),
  ]);
  return {
    orders: capped(orders),
    learners: capped(learners),
    enrolments: capped(enrolments),
    completions: capped(completions),
  };
}

/** The five courses that brought in the most from completed orders in the window. */
function topCourses(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where('orders.status', '=', 'completed')
    .where('orders.created_at', '>=', fromIso)
    .where('orders.created_at', '<', toIso)
    .groupBy(['order_items.course_id', 'order_items.course_title', 'order_items.course_slug'])
    .select((eb) => [
      'order_items.course_id',
      'order_items.course_title',
      'order_items.course_slug',
      eb.fn.sum<number>(eb('order_items.price', '-', eb.ref('order_items.discount'))).as('revenue'),
      eb.fn.count<number>('orders.id').distinct().as('orders'),
    ])
    .orderBy('revenue', 'desc')
    .orderBy('order_items.course_id')
    .limit(5)
    .execute();
}

const zero = (): Counts => ({
  revenue: 0,
  orders: 0,
  completed_orders: 0,
  failed_orders: 0,
  new_learners: 0,
  enrolments: 0,
  completions: 0,
});

export type DashboardService = ReturnType<typeof createDashboardService>;
export type DashboardReport = Awaited<ReturnType<DashboardService['report']>>;

export function createDashboardService(deps: { db: Db; now?: () => Date }) {
  const { db, now = () => new Date() } = deps;

  return {
    async report(query: DashboardQuery) {
      const { period } = query;
      const to = query.to ?? vietnamDay(now());
      const from = query.from ?? defaultFrom(to, period);
      if (from > to) throw new AppError('VALIDATION_FAILED', 'Ngày bắt đầu phải trước ngày kết thúc.');
      const fromIso = vietnamDayStart(from);
      const toIso = vietnamDayStart(to, true);
      const [rows, top] = await Promise.all([windowRows(db, fromIso, toIso), topCourses(db, fromIso, toIso)]);

      const keys = bucketsBetween(from, to, period);
      if (keys.length > MAX_BUCKETS) throw new AppError('VALIDATION_FAILED', TOO_LONG);
      const buckets = new Map(keys.map((key) => [key, zero()]));
      const totals = zero();
      const add = (at: Date | string | null, series: Series, amount = 1) => {
        if (at === null) return;
        buckets.get(bucketOf(vietnamDay(readDate(at)), period))![series] += amount;
        totals[series] += amount;
      };
      const methods = new Map<PaymentMethod, { orders: number; revenue: number }>();
      for (const order of rows.orders) {
        add(order.created_at, 'orders');
        const status: OrderStatus = order.status;
        if (status === 'failed') add(order.created_at, 'failed_orders');
        if (status !== 'completed') continue;
        const total = Number(order.total);
        add(order.created_at, 'completed_orders');
        add(order.created_at, 'revenue', total);
        const method = methods.get(order.payment_method) ?? { orders: 0, revenue: 0 };
        methods.set(order.payment_method, { orders: method.orders + 1, revenue: method.revenue + total });
      }
      for (const row of rows.learners) add(row.at, 'new_learners');
      for (const row of rows.enrolments) add(row.at, 'enrolments');
      for (const row of rows.completions) add(row.at, 'completions');

      const settled = totals.completed_orders + totals.failed_orders;
      return {
        period,
        from,
        to,
        buckets: [...buckets].map(([start, counts]) => ({ start, ...counts })),
        totals,
        failed_rate: settled === 0 ? 0 : Math.round((totals.failed_orders / settled) * 10_000) / 10_000,
        top_courses: top.map((row) => ({
          course_id: row.course_id,
          title: row.course_title,
          slug: row.course_slug,
          revenue: Number(row.revenue),
          orders: Number(row.orders),
        })),
        methods: [...methods]
          .map(([method, split]) => ({ method, ...split }))
          .sort((a, b) => b.revenue - a.revenue || a.method.localeCompare(b.method)),
      };
    },
  };
}
