import { useState } from 'react';
import { formatDateTime } from '../../../lib/format/date';
import { callApi, messageOf } from './api-client';
import { InlineMessage, PanelEmpty, PanelError, PanelLoading, TEXTAREA_CLASS } from './extras-ui';
import { useApiData } from './use-api-data';

interface Report {
  id: number;
  reason: string;
  reason_label: string;
  content: string;
  status: 'pending' | 'processing' | 'complete';
  created_at: string;
}

const REASONS = [
  ['video', 'Video không phát'],
  ['content', 'Sai nội dung'],
  ['audio', 'Âm thanh'],
  ['other', 'Khác'],
] as const;

const STATUS: Record<Report['status'], { label: string; className: string }> = {
  pending: { label: 'Đã tiếp nhận', className: 'bg-slate-100 text-slate-800' },
  processing: { label: 'Đang xử lý', className: 'bg-amber-100 text-amber-900' },
  complete: { label: 'Đã xử lý', className: 'bg-emerald-100 text-emerald-900' },
};

/** Report a broken lesson, and follow my reports (pending → processing → complete). */
export function LessonErrorReport({ lessonId }: { lessonId: number }) {
  const { state, setState, reload } = useApiData<Report[]>(`/api/user/lesson/error.json?lesson_id=${lessonId}`);
  const [reason, setReason] = useState<string>('video');
  const [content, setContent] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [busy, setBusy] = useState(false);
  const reports = state.status === 'ready' ? state.result.data : [];

  return (
    <div className="space-y-4">
      <form
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setMessage(null);
          try {
            const { data } = await callApi<Report>('/api/user/lesson/error.json', {
              method: 'POST',
              body: { lesson_id: lessonId, reason, content },
            });
            setState({ status: 'ready', result: { data: [data, ...reports] } });
            setContent('');
            setMessage({ text: 'Cảm ơn bạn! Chúng tôi đã nhận báo lỗi và sẽ xử lý sớm.', tone: 'success' });
          } catch (error) {
            setMessage({ text: messageOf(error), tone: 'error' });
          } finally {
            setBusy(false);
          }
        }}
      >
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Loại lỗi</legend>
          <div className="grid grid-cols-2 gap-2">
            {REASONS.map(([value, label]) => (
              <label
                key={value}
                className={`flex items-center gap-2 rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${reason === value ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
              >
                <input
                  type="radio"
                  name={`loai-loi-${lessonId}`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`mo-ta-loi-${lessonId}`} className="mb-1 block text-sm font-medium text-slate-800">
            Mô tả lỗi
          </label>
          <textarea
            id={`mo-ta-loi-${lessonId}`}
            rows={3}
            maxLength={2000}
            value={content}
            placeholder="Ví dụ: video dừng ở phút thứ 3, không phát tiếp được."
            onChange={(event) => setContent(event.target.value)}
            className={TEXTAREA_CLASS}
          />
        </div>
        <InlineMessage message={message?.text ?? null} tone={message?.tone} />
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy || content.trim() === ''}>
          {busy ? 'Đang gửi…' : 'Gửi báo lỗi'}
        </button>
      </form>
      <section aria-labelledby={`bao-loi-cua-toi-${lessonId}`}>
        <h3 id={`bao-loi-cua-toi-${lessonId}`} className="mb-2 font-semibold text-slate-900">
          Báo lỗi của bạn
        </h3>
        {state.status === 'loading' ? <PanelLoading>Đang tải…</PanelLoading> : null}
        {state.status === 'error' ? <PanelError message={state.message} onRetry={reload} /> : null}
        {state.status === 'ready' && reports.length === 0 ? (
          <PanelEmpty>Bạn chưa gửi báo lỗi nào cho bài này.</PanelEmpty>
        ) : null}
        <ul className="space-y-2">
          {reports.map((report) => (
            <li key={report.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{report.reason_label}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[report.status].className}`}>
                  {STATUS[report.status].label}
                </span>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-700">{report.content}</p>
              <p className="mt-1 text-xs text-slate-500">{formatDateTime(report.created_at, 'DD/MM/YYYY HH:mm')}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
