/**
 * "Lịch sử trừ tiền": every carrier charge of the last 180 days (Decree 147/2024), newest first,
 * the failed attempts saying nothing was taken, and the sum actually charged.
 */
import { formatDateTime } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import type { ChargeHistory } from '../../../modules/subscriptions';

const TONES: Record<string, string> = {
  success: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-800',
};

export function ChargeHistoryList({ history }: { history: ChargeHistory }) {
  return (
    <section aria-labelledby="lich-su-tru-tien" className="mt-8">
      <h2 id="lich-su-tru-tien" className="mb-1 text-lg font-bold text-slate-900">
        {`Lịch sử trừ tiền ${history.days} ngày qua`}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Từ {formatDateTime(history.since)} đến nay, đã trừ tổng cộng{' '}
        <strong data-testid="charge-total">{formatAmount(history.total_charged)}</strong> vào tài khoản di động.
      </p>
      {history.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          Không có lần trừ tiền nào trong {history.days} ngày qua.
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {history.items.map((item) => (
            <li key={item.id} data-testid="charge-row" className="flex flex-wrap items-start justify-between gap-2 p-3">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">
                  {item.kind_label} {item.package_label}
                  {item.sms_code ? ` (mã ${item.sms_code})` : ''}
                </p>
                <p className="text-slate-600">{item.course_title}</p>
                <p className="text-slate-600">
                  <time dateTime={item.at}>{formatDateTime(item.at)}</time> · số {item.msisdn}
                  {item.operator_txn_id ? ` · mã giao dịch ${item.operator_txn_id}` : ''}
                </p>
              </div>
              <div className="text-right text-sm">
                <p className={item.charged ? 'font-semibold text-slate-900' : 'text-slate-500 line-through'}>
                  {formatAmount(item.amount)}
                </p>
                <p className={`mt-1 rounded-full px-2 py-0.5 ${TONES[item.status] ?? 'bg-slate-100 text-slate-700'}`}>
                  {item.status_label}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
