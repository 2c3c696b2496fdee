import { Form } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { FormField, FormMessage } from '../form-field';
import { answerFor, type FormAnswer } from '../studio/people-forms';
import { Badge, buttonClass, Empty, inputClass } from '../studio/studio-ui';

interface Breach {
  id: number;
  title: string;
  description: string;
  detected_at: string;
  notify_by: string;
  affected_count: number;
  state: 'open' | 'notified' | 'closed';
  state_label: string;
  notified_at: string | null;
  overdue: boolean;
}

const at = (value: string) => formatDateTime(value, 'DD/MM/YYYY HH:mm');

/** Recording a breach: what happened, when it was detected (Vietnam time), how many people. */
export function BreachForm({ answer, busy }: { answer: FormAnswer | undefined; busy: boolean }) {
  const fields = answer?.fields ?? {};
  const values = answer?.notice ? {} : (answer?.values ?? {});
  return (
    <Form method="post" noValidate className="mb-4 rounded-2xl border border-slate-200 bg-white p-3 text-sm">
      <input type="hidden" name="intent" value="breach" />
      <FormMessage message={answer?.notice} tone="success" />
      <FormMessage message={answer?.notice ? undefined : answer?.message} fields={fields} />
      <FormField
        label="Tiêu đề sự cố"
        name="title"
        maxLength={200}
        defaultValue={values.title ?? ''}
        error={fields.title}
      />
      <div className="mb-4">
        <label htmlFor="truong-description" className="mb-1 block font-medium text-slate-800">
          Mô tả (dữ liệu nào, bao nhiêu người, đã làm gì)
        </label>
        <textarea
          id="truong-description"
          name="description"
          rows={3}
          maxLength={4000}
          defaultValue={values.description ?? ''}
          aria-invalid={fields.description ? true : undefined}
          aria-describedby={fields.description ? 'truong-description-loi' : undefined}
          className={inputClass}
        />
        {fields.description ? (
          <p id="truong-description-loi" className="mt-1 text-red-700">
            {fields.description}
          </p>
        ) : null}
      </div>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <FormField
          label="Thời điểm phát hiện (giờ Việt Nam)"
          name="detected_at"
          type="datetime-local"
          defaultValue={values.detected_at ?? ''}
          error={fields.detected_at}
        />
        <FormField
          label="Số người bị ảnh hưởng"
          name="affected_count"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={values.affected_count ?? ''}
          error={fields.affected_count}
        />
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? 'Đang ghi nhận…' : 'Ghi nhận sự cố'}
      </button>
    </Form>
  );
}

export function BreachList({
  breaches,
  canAct,
  answer,
  pendingId,
}: {
  breaches: Breach[];
  canAct: boolean;
  answer: FormAnswer | undefined;
  pendingId: FormDataEntryValue | null | undefined;
}) {
  if (breaches.length === 0) return <Empty>Chưa ghi nhận sự cố nào.</Empty>;
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
      {breaches.map((breach) => {
        const mine = answerFor(answer, `breach-${breach.id}`);
        return (
          <li key={breach.id} className="px-4 py-3" aria-labelledby={`su-co-${breach.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id={`su-co-${breach.id}`} className="break-words font-medium">
                {breach.title}
              </p>
              <Badge
                value={breach.state === 'open' ? (breach.overdue ? 'failed' : 'pending') : 'completed'}
                text={breach.state_label}
              />
            </div>
            <p className="whitespace-pre-wrap break-words text-slate-700">{breach.description}</p>
            <p className="text-slate-600">
              Phát hiện {at(breach.detected_at)} · {breach.affected_count} người · hạn thông báo{' '}
              <span className={breach.overdue ? 'font-semibold text-red-800' : ''}>
                {at(breach.notify_by)}
                {breach.overdue ? ' (quá hạn)' : ''}
              </span>
              {breach.notified_at ? ` · đã thông báo ${at(breach.notified_at)}` : ''}
            </p>
            <FormMessage message={mine?.notice} tone="success" />
            <FormMessage message={!mine?.notice ? mine?.message : undefined} />
            {canAct && breach.state !== 'closed' ? (
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="intent" value="breach-state" />
                <input type="hidden" name="id" value={breach.id} />
                {breach.state === 'open' ? (
                  <button
                    type="submit"
                    name="state"
                    value="notified"
                    className={buttonClass}
                    disabled={pendingId === String(breach.id)}
                  >
                    Đã thông báo cơ quan chuyên trách
                  </button>
                ) : null}
                <button
                  type="submit"
                  name="state"
                  value="closed"
                  className="rounded-xl border border-slate-300 px-4 py-2"
                  disabled={pendingId === String(breach.id)}
                >
                  Đã khắc phục
                </button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
