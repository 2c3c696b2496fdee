import { Form } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';

interface ConsentItem {
  purpose: string;
  label: string;
  description: string;
  required: boolean;
  granted: boolean;
  policy_version: string | null;
  updated_at: string | null;
}

/** One row per purpose: the service is always on; every other one is given or withdrawn with one button. */
export function ConsentList({ consents, busy, locked }: { consents: ConsentItem[]; busy: boolean; locked: boolean }) {
  return (
    <ul className="divide-y divide-slate-100">
      {consents.map((consent) => (
        <li
          key={consent.purpose}
          className="flex flex-wrap items-start justify-between gap-3 py-3"
          aria-labelledby={`muc-dich-${consent.purpose}`}
        >
          <div className="min-w-0 flex-1 basis-56">
            <p id={`muc-dich-${consent.purpose}`} className="font-medium text-slate-900">
              {consent.label}{' '}
              <span
                data-testid={`consent-${consent.purpose}`}
                className={`ml-1 rounded-full px-2 py-0.5 text-xs ${consent.granted ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
              >
                {consent.required ? 'Luôn bật' : consent.granted ? 'Đang bật' : 'Đang tắt'}
              </span>
            </p>
            <p className="text-sm text-slate-600">{consent.description}</p>
            {consent.updated_at ? (
              <p className="text-xs text-slate-500">
                Cập nhật {formatDateTime(consent.updated_at)} · chính sách {consent.policy_version}
              </p>
            ) : null}
          </div>
          {consent.required ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="consent" />
              <input type="hidden" name="purpose" value={consent.purpose} />
              <input type="hidden" name="granted" value={consent.granted ? 'false' : 'true'} />
              <button
                type="submit"
                disabled={busy || (locked && !consent.granted)}
                className={
                  consent.granted
                    ? 'min-h-10 rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-semibold'
                    : 'btn-primary min-h-10 text-sm'
                }
                aria-label={`${consent.granted ? 'Tắt' : 'Bật'} ${consent.label}`}
              >
                {consent.granted ? 'Tắt' : 'Bật'}
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

interface HistoryItem {
  id: number;
  label: string;
  granted: boolean;
  policy_version: string;
  source: 'learner' | 'parent';
  created_at: string;
}

/** Every consent given or withdrawn, newest first. */
export function ConsentHistory({ history }: { history: HistoryItem[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="min-h-6 cursor-pointer font-medium text-slate-800">Lịch sử đồng ý ({history.length})</summary>
      {history.length === 0 ? (
        <p className="mt-2 text-slate-600">Bạn chưa bật hay tắt mục nào.</p>
      ) : (
        <ol className="mt-2 space-y-1">
          {history.map((entry) => (
            <li key={entry.id} className="text-slate-700">
              {formatDateTime(entry.created_at)} · {entry.granted ? 'Đồng ý' : 'Rút lại'} «{entry.label}» · chính sách{' '}
              {entry.policy_version}
              {entry.source === 'parent' ? ' · bởi cha mẹ' : ''}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
