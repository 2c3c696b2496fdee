/**
 * Studio → Chuyển khoản → "Đối soát sao kê": the latest reconciliation runs against the bank
 * statement (window, credits listed, new, already known, without an order), "Đối soát ngay" when a
 * statement driver is connected, and the upload of a statement file (CSV) for admins (decision 0018).
 */
import { Form, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { FormMessage } from '../form-field';
import { buttonClass, Empty } from './studio-ui';

export interface StatementRunView {
  id: number;
  kind_label: string;
  window_from: string;
  window_to: string;
  file_name: string | null;
  listed: number;
  recorded: number;
  known: number;
  unmatched: number;
  error: string | null;
  started_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface StatementRunsProps {
  automatic: boolean;
  everyMinutes: number;
  windowMinutes: number;
  items: StatementRunView[];
  canRun: boolean;
  /** The answer of the last reconcile or import, if it was one of them. */
  result: { notice?: string | undefined; message: string } | null;
}

function windowText(minutes: number) {
  return minutes % 60 === 0 ? `${minutes / 60} giờ` : `${minutes} phút`;
}

function RunLine({ run }: { run: StatementRunView }) {
  const running = run.finished_at === null && run.error === null;
  return (
    <li className="grid gap-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">
          {run.kind_label}
          {run.file_name ? ` · ${run.file_name}` : ''}
        </span>
        <span className="text-xs text-slate-600">{formatDateTime(run.created_at)}</span>
      </div>
      <p className="text-xs text-slate-600">
        Sao kê từ {formatDateTime(run.window_from, 'DD/MM HH:mm')} đến {formatDateTime(run.window_to, 'DD/MM HH:mm')}
        {run.started_by ? ` · ${run.started_by}` : ''}
      </p>
      {running ? (
        <p className="text-slate-700">Đang đối soát…</p>
      ) : (
        <p className="text-slate-800">
          {run.listed} giao dịch trong sao kê · <strong>{run.recorded} mới ghi nhận</strong> · {run.known} đã biết
          {run.unmatched > 0 ? (
            <span className="text-amber-800"> · {run.unmatched} chưa khớp đơn (xem “Cần xử lý”)</span>
          ) : null}
        </p>
      )}
      {run.error ? (
        <p className="text-red-800" role="alert">
          Lỗi: {run.error}
        </p>
      ) : null}
    </li>
  );
}

export function StatementRuns(props: StatementRunsProps) {
  const navigation = useNavigation();
  const intent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  return (
    <section className="mt-8" aria-labelledby="doi-soat-sao-ke">
      <h2 id="doi-soat-sao-ke" className="mb-1 text-lg font-semibold">
        Đối soát sao kê
      </h2>
      <p className="mb-3 max-w-2xl text-sm text-slate-700">
        {props.automatic
          ? `Mỗi ${props.everyMinutes} phút hệ thống đọc sao kê ${windowText(props.windowMinutes)} gần nhất và ghi nhận những giao dịch mà ngân hàng chưa báo có, như khi có thông báo.`
          : 'Chưa kết nối sao kê tự động với ngân hàng: tải tệp sao kê xuất từ ngân hàng điện tử để tìm các giao dịch chưa được báo có.'}{' '}
        Giao dịch đã ghi nhận sẽ không bị tính hai lần.
      </p>
      <FormMessage message={props.result?.notice} tone="success" />
      <FormMessage message={props.result?.message} />
      {props.canRun ? (
        <div className="mb-4 grid gap-3 md:grid-cols-2">
          {props.automatic ? (
            <Form method="post" className="rounded-2xl border border-slate-200 bg-white p-4">
              <input type="hidden" name="intent" value="reconcile" />
              <p className="mb-3 text-sm text-slate-700">Không muốn chờ lần tự động kế tiếp?</p>
              <button type="submit" className={buttonClass} disabled={intent === 'reconcile'}>
                {intent === 'reconcile' ? 'Đang đối soát…' : 'Đối soát ngay'}
              </button>
            </Form>
          ) : null}
          <Form
            method="post"
            encType="multipart/form-data"
            className="rounded-2xl border border-slate-200 bg-white p-4"
          >
            <input type="hidden" name="intent" value="import" />
            <label className="mb-2 block text-sm">
              <span className="mb-1 block font-medium">Tệp sao kê (.csv)</span>
              <input type="file" name="file" accept=".csv,text/csv" required className="block min-h-6 w-full text-sm" />
            </label>
            <p className="mb-3 text-xs text-slate-600">
              Bốn cột theo thứ tự: Mã giao dịch, Thời gian (26/11/2026 14:05:09), Số tiền (1.250.000), Nội dung; có hoặc
              không có dòng tiêu đề. Dòng ghi nợ (số âm) được bỏ qua; một dòng sai thì cả tệp không được ghi nhận.{' '}
              <a href="/mau/sao-ke-mau.csv" download className="font-medium text-brand-700 underline">
                Tải tệp mẫu
              </a>
            </p>
            <button type="submit" className={buttonClass} disabled={intent === 'import'}>
              {intent === 'import' ? 'Đang đọc tệp…' : 'Tải lên và đối soát'}
            </button>
          </Form>
        </div>
      ) : null}
      {props.items.length === 0 ? (
        <Empty>Chưa có lần đối soát sao kê nào.</Empty>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="statement-runs"
        >
          {props.items.map((run) => (
            <RunLine key={run.id} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
}
