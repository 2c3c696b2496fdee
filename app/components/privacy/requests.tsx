import { Form } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import type { RequestView } from '../../../modules/privacy/index.ts';
import { FormMessage } from '../form-field';
import { IntentButton } from './intent-button';

interface Answer {
  notice?: string | undefined;
  message: string;
  fields: Record<string, string>;
}

const at = (value: string) => formatDateTime(value, 'DD/MM/YYYY HH:mm');

/** "Tải dữ liệu của tôi": request, the job's state, then the two files. */
export function ExportPanel({
  request,
  answer,
  busy,
}: {
  request: RequestView | null;
  answer: Answer | undefined;
  busy: boolean;
}) {
  const running = request !== null && ['pending', 'processing'].includes(request.state);
  return (
    <section aria-labelledby="tai-du-lieu" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      <h2 id="tai-du-lieu" className="mb-2 text-lg font-semibold">
        Tải dữ liệu của tôi
      </h2>
      <p className="mb-3 text-slate-700">
        Một tệp dễ đọc (HTML) và một tệp máy đọc được (JSON) gồm hồ sơ, đơn hàng, hóa đơn, khóa học và tiến độ, chứng
        chỉ, thông báo, ghi chú, bình luận và báo lỗi bài học, yêu cầu hỗ trợ, lịch sử đăng nhập và lịch sử đồng ý. Chỉ
        bạn tải được các tệp này.
      </p>
      <FormMessage message={answer?.notice} tone="success" />
      <FormMessage message={answer?.message || undefined} />
      {running ? (
        <p role="status" className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          Đang tạo tệp dữ liệu (yêu cầu lúc {at(request.created_at)})…
        </p>
      ) : null}
      {request?.state === 'failed' ? (
        <p className="mb-3 rounded-xl bg-red-50 px-3 py-2 text-red-800">
          Chưa tạo được tệp, hệ thống đang thử lại. Hạn hoàn tất: {at(request.due_at)}.
        </p>
      ) : null}
      {request?.files ? (
        <div className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900" role="status">
          <p className="mb-2">Tệp dữ liệu tạo lúc {at(request.completed_at ?? request.created_at)} đã sẵn sàng:</p>
          <div className="flex flex-wrap gap-2">
            <a href={request.files.html} download className="btn-primary min-h-10">
              Tải tệp dễ đọc (HTML)
            </a>
            <a
              href={request.files.json}
              download
              className="min-h-10 rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold"
            >
              Tải tệp JSON
            </a>
          </div>
        </div>
      ) : null}
      {running ? null : (
        <Form method="post">
          <button type="submit" name="intent" value="export" className="btn-primary min-h-10" disabled={busy}>
            {busy ? 'Đang gửi yêu cầu…' : request?.files ? 'Tạo lại tệp dữ liệu' : 'Tải dữ liệu của tôi'}
          </button>
        </Form>
      )}
    </section>
  );
}

/** "Xóa tài khoản": what is erased and what the law keeps, the waiting period and its cancel button. */
export function DeletionPanel({
  request,
  waitDays,
  retention,
  answer,
  busyIntent,
}: {
  request: RequestView | null;
  waitDays: number;
  retention: string;
  answer: Answer | undefined;
  busyIntent: string | null;
}) {
  const waiting = request?.state === 'waiting' || request?.state === 'processing';
  return (
    <section aria-labelledby="xoa-tai-khoan" className="rounded-2xl border border-red-200 bg-white p-4 text-sm">
      <h2 id="xoa-tai-khoan" className="mb-2 text-lg font-semibold text-red-800">
        Xóa tài khoản
      </h2>
      <p className="mb-2 text-slate-700">
        Yêu cầu xóa được thực hiện sau {waitDays} ngày chờ; trong thời gian đó bạn có thể hủy. Khi xóa, bạn bị đăng xuất
        khỏi mọi thiết bị và không thể đăng nhập lại, khóa học đã mua không còn truy cập được.
      </p>
      <p className="mb-3 rounded-xl bg-slate-50 px-3 py-2 text-slate-700">{retention}</p>
      <FormMessage message={answer?.notice} tone="success" />
      <FormMessage message={answer?.message || undefined} fields={answer?.fields} />
      {waiting && request ? (
        <div role="status" className="rounded-xl bg-red-50 px-3 py-2 text-red-900">
          <p className="mb-2">
            Tài khoản sẽ bị xóa vào {request.scheduled_for ? at(request.scheduled_for) : ''} (yêu cầu lúc{' '}
            {at(request.created_at)}
            ).
          </p>
          <Form method="post">
            <IntentButton
              intent="cancel-delete"
              busyIntent={busyIntent}
              busyText="Đang hủy…"
              className="btn-primary min-h-10"
            >
              Hủy yêu cầu xóa
            </IntentButton>
          </Form>
        </div>
      ) : (
        <Form method="post" noValidate>
          <label className="mb-3 flex min-h-6 items-start gap-2">
            <input
              type="checkbox"
              name="confirm"
              className="mt-1 h-5 w-5"
              aria-invalid={answer?.fields.confirm ? true : undefined}
              aria-describedby={answer?.fields.confirm ? 'xac-nhan-xoa-loi' : undefined}
            />
            <span>Tôi hiểu tài khoản và quyền học sẽ bị xóa, chỉ đơn hàng và hóa đơn được lưu theo luật.</span>
          </label>
          {answer?.fields.confirm ? (
            <p id="xac-nhan-xoa-loi" className="mb-2 text-red-700">
              {answer.fields.confirm}
            </p>
          ) : null}
          <IntentButton
            intent="delete"
            busyIntent={busyIntent}
            busyText="Đang gửi yêu cầu…"
            className="min-h-10 rounded-xl bg-red-700 px-4 py-2 font-semibold text-white"
          >
            Yêu cầu xóa tài khoản
          </IntentButton>
        </Form>
      )}
    </section>
  );
}
