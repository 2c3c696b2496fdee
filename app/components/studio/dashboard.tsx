/** The "Tổng quan" dashboard: totals as cards, one bar chart per series, top courses, method split. */
import { Link } from 'react-router';
import { formatAmount, formatVietnameseNumber } from '../../../lib/format/money';
import type { DashboardReport, Series } from '../../../modules/studio/dashboard';
import { BarChart } from './bar-chart';
import { Empty, METHOD_TEXT } from './studio-ui';

const PERIODS = [
  ['day', 'Ngày'],
  ['week', 'Tuần'],
  ['month', 'Tháng'],
] as const;

const SERIES_TEXT: Record<Series, string> = {
  revenue: 'Doanh thu',
  orders: 'Đơn hàng',
  completed_orders: 'Đơn hoàn tất',
  failed_orders: 'Đơn thất bại',
  new_learners: 'Học viên mới',
  enrolments: 'Lượt ghi danh',
  completions: 'Hoàn thành khóa học',
};

const money = (value: number) => formatAmount(value);
const count = (value: number) => formatVietnameseNumber(value);
const percent = (rate: number) => `${formatVietnameseNumber(Math.round(rate * 1000) / 10)}%`;

/** `2025-03-03` → `03/03` (day, week) or `03/2025` (month). */
function bucketLabel(start: string, period: DashboardReport['period']): string {
  const [year, month, day] = start.split('-');
  return period === 'month' ? `${month}/${year}` : `${day}/${month}`;
}

export function Dashboard({ report }: { report: DashboardReport }) {
  const { totals, period } = report;
  const empty = totals.orders + totals.new_learners + totals.enrolments + totals.completions === 0;
  return (
    <section aria-labelledby="dashboard-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-heading" className="text-lg font-semibold text-slate-900">
          Số liệu từ {bucketLabel(report.from, 'day')}/{report.from.slice(0, 4)} đến {bucketLabel(report.to, 'day')}/
          {report.to.slice(0, 4)}
        </h2>
        <nav aria-label="Chu kỳ" className="flex gap-1 rounded-xl bg-slate-100 p-1 text-sm">
          {PERIODS.map(([value, text]) => (
            <Link
              key={value}
              to={`?period=${value}`}
              aria-current={value === period ? 'page' : undefined}
              className={`rounded-lg px-3 py-1.5 ${value === period ? 'bg-white font-semibold text-brand-700 shadow' : 'text-slate-700'}`}
            >
              {text}
            </Link>
          ))}
        </nav>
      </div>
      {empty ? (
        <Empty>Chưa có đơn hàng, học viên hay lượt ghi danh nào trong khoảng thời gian này.</Empty>
      ) : (
        <>
          <dl className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Card label="Doanh thu" value={money(totals.revenue)} />
            <Card label="Đơn hàng" value={`${count(totals.completed_orders)} / ${count(totals.orders)} hoàn tất`} />
            <Card label="Tỉ lệ thanh toán thất bại" value={percent(report.failed_rate)} />
            <Card label="Học viên mới" value={count(totals.new_learners)} />
            <Card label="Lượt ghi danh" value={count(totals.enrolments)} />
            <Card label="Hoàn thành khóa học" value={count(totals.completions)} />
          </dl>
          <div className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {(Object.keys(SERIES_TEXT) as Series[]).map((series) => (
              <BarChart
                key={series}
                title={SERIES_TEXT[series]}
                format={series === 'revenue' ? money : count}
                bars={report.buckets.map((bucket) => ({
                  label: bucketLabel(bucket.start, period),
                  value: bucket[series],
                }))}
              />
            ))}
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <Ranking
              title="Khóa học doanh thu cao nhất"
              empty="Chưa có đơn hoàn tất."
              rows={report.top_courses.map((row) => ({
                key: String(row.course_id),
                label: row.title,
                value: `${money(row.revenue)} · ${count(row.orders)} đơn`,
              }))}
            />
            <Ranking
              title="Phương thức thanh toán"
              empty="Chưa có đơn hoàn tất."
              rows={report.methods.map((row) => ({
                key: row.method,
                label: METHOD_TEXT[row.method] ?? row.method,
                value: `${money(row.revenue)} · ${count(row.orders)} đơn`,
              }))}
            />
          </div>
        </>
      )}
    </section>
  );
}

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function Ranking({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: { key: string; label: string; value: string }[];
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3">
      <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-3">
              <span className="text-slate-800">{row.label}</span>
              <span className="shrink-0 font-medium text-slate-900">{row.value}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
