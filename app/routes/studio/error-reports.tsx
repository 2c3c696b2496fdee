import { Form, Link, useLocation } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { REASON_LABELS, REVIEW_STATUS_LABELS } from '../../../modules/studio/people-labels';
import { reportsQuery, reviewInput } from '../../../modules/studio/people.schemas';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import type { FormAnswer } from '../../components/studio/people-forms';
import {
  Badge,
  buttonClass,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  PageTitle,
} from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/error-reports';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'support.write');
  const { query: parsed, csv } = readListQuery(reportsQuery, request, '/api/admin/error-reports.json');
  const { format: _format, ...query } = parsed;
  return { ...(await context.services.studioDesk.listReports(query)), query, csv };
}

const reportId = z.coerce.number().int().positive();

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'support.write');
  const form = await request.formData();
  const id = reportId.safeParse(form.get('report_id')).data ?? 0;
  const intent = `review-${id}`;
  const values = keepValues(form, ['review_status', 'note']);
  const parsed = parseForm(reviewInput, Object.fromEntries(form));
  if (isFormState(parsed)) return formError(parsed, values, 400, intent);
  return runForm(
    values,
    async () => {
      const report = await context.services.studioDesk.reviewReport({ viewer, ip: context.clientIp }, id, parsed);
      return {
        intent,
        notice: `Đã chuyển báo lỗi sang "${report.review_status_label}".`,
        message: '',
        fields: {},
        values: {},
      };
    },
    intent,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Báo lỗi bài học — Studio' });

export default function StudioErrorReports({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, csv } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Báo lỗi bài học" />
      {/* At the top: a report moved out of the filter is no longer listed. */}
      <FormMessage message={answer?.notice} tone="success" />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_160px_140px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Nội dung, bài học, khóa học hoặc người báo</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Trạng thái"
          name="review_status"
          value={query.review_status}
          options={REVIEW_STATUS_LABELS}
        />
        <FilterSelect label="Loại lỗi" name="reason" value={query.reason} options={REASON_LABELS} />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} báo lỗi</p>
      {items.length === 0 ? (
        <Empty>Không có báo lỗi nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {items.map((r) => {
            const mine = answer?.intent === `review-${r.id}` ? answer : undefined;
            return (
              <li key={r.id} className="px-4 py-3" aria-labelledby={`bao-loi-${r.id}`}>
                <p id={`bao-loi-${r.id}`} className="mb-1">
                  <Badge value={r.review_status} text={r.review_status_label} />{' '}
                  <Link to={r.editor_url} className="font-medium text-brand-700 underline">
                    {r.course_title} — {r.lesson_title}
                  </Link>
                </p>
                <p className="text-slate-600">
                  {r.reason_label} · {r.user_name} · {formatDateTime(r.created_at)}
                </p>
                <p className="my-1 whitespace-pre-wrap break-words">{r.content}</p>
                {r.review_note ? <p className="text-slate-600">Ghi chú: {r.review_note}</p> : null}
                <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[160px_1fr_auto] sm:items-end">
                  <div className="sm:col-span-3">
                    <FormMessage message={!mine?.notice ? mine?.message : undefined} />
                  </div>
                  <input type="hidden" name="report_id" value={r.id} />
                  <label className="text-sm">
                    <span className="mb-1 block font-medium text-slate-800">Chuyển sang</span>
                    <select
                      name="review_status"
                      defaultValue={mine?.values?.review_status || r.review_status}
                      className={inputClass}
                    >
                      {Object.entries(REVIEW_STATUS_LABELS).map(([value, text]) => (
                        <option key={value} value={value}>
                          {text}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="text-sm">
                    <span className="mb-1 block font-medium text-slate-800">Ghi chú (không bắt buộc)</span>
                    <input name="note" defaultValue={mine?.values?.note ?? ''} className={inputClass} />
                  </label>
                  <button type="submit" className={buttonClass}>
                    Cập nhật
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
