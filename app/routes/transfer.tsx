/**
 * Paying an order by bank transfer (VietQR): the QR for the exact amount due, the bank, account,
 * holder, amount and note in text with copy buttons, and a live state that turns to success by
 * itself when the bank's notification is matched (use-transfer-status.ts polls). Without JavaScript
 * the QR and the details are all there, and "Kiểm tra lại" reloads the state. Outside production the
 * simulated bank "transfers" from here (an editable amount, to try under- and over-payment).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatAmount } from '../../lib/format/money';
import { CopyButton } from '../components/copy-button';
import { PageFrame } from '../components/page-frame';
import {
  useHydrated,
  useTransferStatus,
  type Connection,
  type TransferStatus,
} from '../components/use-transfer-status';
import { requireViewer } from '../guards.server';
import { buildMeta } from '../meta';
import { loadOr404, notFound } from '../not-found.server';
import type { Route } from './+types/transfer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const transfers = context.services.transfers;
  if (!transfers) notFound(request);
  const code = params.code.toUpperCase();
  if (!/^KT\d{8}[A-Z0-9]{6}$/.test(code)) notFound(request);
  return loadOr404(request, () => transfers.page(viewer.id, code));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(matches, { title: 'Chuyển khoản ngân hàng (VietQR)' });

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function StateBanner(props: { status: TransferStatus; connection: Connection; secondsLeft: number }) {
  const { status, connection, secondsLeft } = props;
  const base = 'rounded-2xl border p-4';
  if (status.state === 'paid') {
    return (
      <div className={`${base} border-emerald-300 bg-emerald-50 text-emerald-900`} data-state="paid">
        <p className="text-lg font-bold">Thanh toán thành công</p>
        <p className="mt-1 text-sm">
          Khai Trí đã nhận {formatAmount(status.received)} cho đơn hàng {status.code}. Khóa học đã sẵn sàng.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/tai-khoan/khoa-hoc" className="btn-primary inline-flex">
            Vào học ngay
          </Link>
          <Link to={`/tai-khoan/don-hang?ma=${status.code}`} className="inline-flex items-center px-3 underline">
            Xem đơn hàng
          </Link>
        </div>
      </div>
    );
  }
  if (status.state === 'expired' || status.state === 'cancelled' || status.state === 'refund_pending') {
    const text =
      status.state === 'refund_pending'
        ? 'Khai Trí đã nhận tiền nhưng không thể giao khóa học trong đơn này. Bộ phận hỗ trợ sẽ hoàn tiền về tài khoản đã chuyển trong 3 ngày làm việc.'
        : status.state === 'cancelled'
          ? 'Đơn hàng đã được hủy. Vui lòng không chuyển khoản cho đơn này.'
          : 'Đơn hàng đã hết hạn thanh toán. Nếu bạn đã chuyển khoản, đơn sẽ được hoàn tất khi ngân hàng báo về (hoặc được hoàn tiền nếu khóa học không còn bán).';
    return (
      <div className={`${base} border-amber-300 bg-amber-50 text-amber-900`} data-state={status.state}>
        <p className="font-semibold">
          {status.state === 'refund_pending'
            ? 'Chờ hoàn tiền'
            : status.state === 'cancelled'
              ? 'Đơn hàng đã hủy'
              : 'Đơn hàng đã hết hạn'}
        </p>
        <p className="mt-1 text-sm">{text}</p>
        <Link to={`/tai-khoan/don-hang?ma=${status.code}`} className="mt-2 inline-block text-sm underline">
          Xem đơn hàng
        </Link>
      </div>
    );
  }
  return (
    <div className={`${base} border-brand-200 bg-brand-50 text-slate-900`} data-state={status.state}>
      <p className="flex items-center gap-2 text-lg font-bold">
        <span className="inline-block h-3 w-3 animate-pulse rounded-full bg-brand-600" aria-hidden="true" />
        Đang chờ thanh toán
      </p>
      {status.state === 'underpaid' ? (
        <p className="mt-1 text-sm font-semibold text-red-700" data-testid="transfer-missing">
          Đã nhận {formatAmount(status.received)}, còn thiếu {formatAmount(status.missing)}. Vui lòng chuyển thêm số còn
          thiếu với cùng nội dung.
        </p>
      ) : null}
      <p className="mt-1 text-sm">
        Còn <span data-testid="transfer-countdown">{minutes(secondsLeft)}</span> để chuyển khoản. Trang tự cập nhật khi
        ngân hàng báo tiền về, bạn không cần tải lại.
      </p>
      {connection === 'loading' ? <p className="mt-1 text-xs text-slate-600">Đang kiểm tra trạng thái…</p> : null}
      {connection === 'offline' ? (
        <p className="mt-1 text-sm text-amber-800" role="alert">
          Bạn đang ngoại tuyến. Trang sẽ tự kiểm tra lại khi có mạng.
        </p>
      ) : null}
      {connection === 'error' ? (
        <p className="mt-1 text-sm text-red-700" role="alert">
          Chưa kiểm tra được trạng thái, đang thử lại…
        </p>
      ) : null}
    </div>
  );
}

function Detail(props: { id: string; label: string; value: string; copy?: string; hydrated: boolean }) {
  return (
    <div className="py-2">
      <dt className="text-sm text-slate-600">{props.label}</dt>
      <dd className="mt-0.5 flex min-h-11 items-center justify-between gap-3 font-semibold">
        <span id={props.id} className="break-all">
          {props.value}
        </span>
        {props.copy !== undefined && props.hydrated ? (
          <CopyButton text={props.copy} targetId={props.id} label={`Sao chép ${props.label.toLowerCase()}`} />
        ) : null}
      </dd>
    </div>
  );
}

function Simulator(props: { code: string; missing: number; onSent: () => void }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dropped, setDropped] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    const form = new FormData(event.currentTarget);
    setDropped(form.has('drop_notification'));
    try {
      const response = await fetch(event.currentTarget.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form as unknown as Record<string, string>).toString(),
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setFailure(answer?.error?.message ?? 'Không gửi được giao dịch mô phỏng.');
        setDropped(false);
      }
      props.onSent();
    } catch {
      setFailure('Không gửi được giao dịch mô phỏng (mất kết nối?).');
    } finally {
      setSending(false);
    }
  }
  return (
    <form
      method="post"
      action="/__sim/pay/chuyen-khoan"
      onSubmit={(event) => void submit(event)}
      className="rounded-2xl border border-dashed border-amber-400 bg-amber-50 p-4"
    >
      <h2 className="font-semibold">Mô phỏng chuyển khoản</h2>
      <p className="mt-1 text-xs text-slate-700">
        Chỉ có ở môi trường phát triển, demo và kiểm thử: ngân hàng giả lập gửi thông báo có tiền về (có chữ ký) như
        ngân hàng thật. Đổi số tiền để thử chuyển thiếu hoặc chuyển thừa.
      </p>
      <input type="hidden" name="code" value={props.code} />
      <label className="mt-3 block text-sm font-medium" htmlFor="so-tien-mo-phong">
        Số tiền chuyển (đồng)
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="so-tien-mo-phong"
          name="amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          defaultValue={props.missing}
          className="min-h-11 w-full rounded-xl border border-slate-300 px-3"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={sending}>
          {sending ? 'Đang gửi…' : 'Chuyển khoản'}
        </button>
      </div>
      <label className="mt-3 flex min-h-6 items-start gap-2 text-sm">
        <input type="checkbox" name="drop_notification" className="mt-0.5 size-5 shrink-0" />
        <span>
          Không gửi thông báo báo có (giả lập thông báo bị thất lạc: chỉ đối soát sao kê mới tìm ra giao dịch này)
        </span>
      </label>
      {dropped && !sending && !failure ? (
        <p className="mt-2 text-sm text-slate-800" role="status">
          Đã chuyển nhưng ngân hàng không báo. Đơn sẽ được xác nhận ở lần đối soát sao kê tới, hoặc khi quản trị viên
          bấm “Đối soát ngay” trong Studio → Chuyển khoản.
        </p>
      ) : null}
      {failure ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

export default function TransferPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { status, connection, secondsLeft, checkNow } = useTransferStatus(data);
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  // Part of the money came: the QR is drawn again for what is still missing.
  const { revalidate } = revalidator;
  useEffect(() => {
    if (status.state === 'underpaid' && status.missing !== data.amount) void revalidate();
  }, [status.state, status.missing, data.amount, revalidate]);
  const open = status.state === 'waiting' || status.state === 'underpaid';
  return (
    <PageFrame title="Chuyển khoản ngân hàng (VietQR)" crumbs={[{ label: 'Đơn hàng', to: '/tai-khoan/don-hang' }]}>
      <div className="mx-auto max-w-lg space-y-4">
        <div aria-live="polite" data-testid="transfer-state">
          <StateBanner status={status} connection={connection} secondsLeft={secondsLeft} />
        </div>
        {open ? (
          <>
            <section className="rounded-2xl border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">Quét mã bằng ứng dụng ngân hàng</h2>
              <p className="text-sm text-slate-600">
                Số tiền và nội dung đã có sẵn trong mã. Giữ nguyên nội dung để đơn được xác nhận tự động.
              </p>
              <div
                role="img"
                aria-label={`Mã VietQR chuyển ${formatAmount(data.amount)} cho đơn hàng ${data.code}`}
                className="mx-auto mt-3 w-full max-w-64 [&>svg]:h-auto [&>svg]:w-full"
                data-testid="vietqr"
                data-payload={data.payload}
                dangerouslySetInnerHTML={{ __html: data.qr_svg }}
              />
              <dl className="mt-3 divide-y divide-slate-100">
                <Detail id="ck-ngan-hang" label="Ngân hàng" value={data.bank.name} hydrated={hydrated} />
                <Detail
                  id="ck-so-tai-khoan"
                  label="Số tài khoản"
                  value={data.bank.account}
                  copy={data.bank.account}
                  hydrated={hydrated}
                />
                <Detail
                  id="ck-chu-tai-khoan"
                  label="Chủ tài khoản"
                  value={data.bank.account_name}
                  hydrated={hydrated}
                />
                <Detail
                  id="ck-so-tien"
                  label="Số tiền"
                  value={formatAmount(data.amount)}
                  copy={String(data.amount)}
                  hydrated={hydrated}
                />
                <Detail id="ck-noi-dung" label="Nội dung" value={data.note} copy={data.note} hydrated={hydrated} />
              </dl>
            </section>
            {data.simulator ? (
              <Simulator code={data.code} missing={status.missing} onSent={checkNow} key={status.missing} />
            ) : null}
          </>
        ) : null}
        <p className="text-center text-sm">
          <a href={`/thanh-toan/chuyen-khoan/${data.code}`} className="underline">
            Kiểm tra lại
          </a>
          {' · '}
          <Link to={`/tai-khoan/don-hang?ma=${data.code}`} className="underline">
            Đơn hàng của tôi
          </Link>
        </p>
      </div>
    </PageFrame>
  );
}
