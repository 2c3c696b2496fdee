import { Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { batchesQuery, batchInput } from '../../../modules/activation/public';
import { can } from '../../../modules/studio/permissions';
import { Pagination } from '../../components/pagination';
import { FormField, FormMessage } from '../../components/form-field';
import { Badge, buttonClass, Empty, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/code-batches';

const FIELDS = ['target', 'count', 'uses', 'access_days', 'starts_at', 'ends_at', 'name'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'codes.read');
  const { query } = readListQuery(batchesQuery, request, '/api/admin/activation-batches.json');
  const codes = context.services.activationAdmin;
  const result = await codes.list(query);
  const canWrite = can(viewer.role, 'codes.write');
  return { ...result, query, canWrite, targets: canWrite ? await codes.targets() : [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'codes.write');
  const form = await request.formData();
  const values = keepValues(form, FIELDS);
  const parsed = parseForm(batchInput, values);
  if (isFormState(parsed)) return formError(parsed, values);
  return runForm(values, async () => {
    const made = await context.services.activationAdmin.generate({ viewer, ip: context.clientIp }, parsed);
    throw redirect(`/studio/ma-kich-hoat/${encodeURIComponent(made.batch)}?moi=${made.count}`);
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Mã kích hoạt — Studio' });

export default function StudioCodeBatches({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, canWrite, targets } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const failed = actionData;
  const v = (name: string, fallback = '') => failed?.values[name] ?? fallback;
  return (
    <div>
      <PageTitle title="Mã kích hoạt" />
      {canWrite ? (
        <details open={Boolean(failed)} className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold">Tạo lô mã mới</summary>
          <Form method="post" className="mt-3 grid max-w-2xl gap-x-4 sm:grid-cols-2" noValidate>
            <div className="sm:col-span-2">
              <FormMessage message={failed?.message} />
              <label htmlFor="truong-target" className="mb-1 block text-sm font-medium text-slate-800">
                Khóa học hoặc gói học
              </label>
              <select
                id="truong-target"
                name="target"
                defaultValue={v('target')}
                className={`${inputClass} mb-1`}
                aria-invalid={failed?.fields.target ? true : undefined}
              >
                <option value="">— Chọn —</option>
                {targets.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              {failed?.fields.target ? <p className="mb-2 text-sm text-red-700">{failed.fields.target}</p> : null}
              <div className="mb-3" />
            </div>
            <FormField
              label="Số lượng mã"
              name="count"
              inputMode="numeric"
              defaultValue={v('count', '10')}
              error={failed?.fields.count}
            />
            <FormField
              label="Số lượt dùng mỗi mã"
              name="uses"
              inputMode="numeric"
              defaultValue={v('uses', '1')}
              error={failed?.fields.uses}
            />
            <FormField
              label="Số ngày học sau khi kích hoạt"
              name="access_days"
              inputMode="numeric"
              defaultValue={v('access_days')}
              hint="Để trống: theo chu kỳ của gói, hoặc không giới hạn."
              error={failed?.fields.access_days}
            />
            <FormField
              label="Tên lô (không bắt buộc)"
              name="name"
              defaultValue={v('name')}
              error={failed?.fields.name}
            />
            <FormField
              label="Dùng từ (giờ Việt Nam)"
              name="starts_at"
              type="datetime-local"
              defaultValue={v('starts_at')}
              error={failed?.fields.starts_at}
            />
            <FormField
              label="Hết hạn"
              name="ends_at"
              type="datetime-local"
              defaultValue={v('ends_at')}
              error={failed?.fields.ends_at}
            />
            <div>
              <button type="submit" className={buttonClass} disabled={busy}>
                {busy ? 'Đang tạo mã…' : 'Tạo lô mã'}
              </button>
            </div>
          </Form>
        </details>
      ) : null}
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-white p-3"
      >
        <label className="min-w-0 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên lô hoặc khóa học</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass}>
          Lọc
        </button>
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} lô mã</p>
      {items.length === 0 ? (
        <Empty>Chưa có lô mã kích hoạt nào.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((b) => (
            <li key={b.batch}>
              <Link
                to={`/studio/ma-kich-hoat/${encodeURIComponent(b.batch)}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{b.batch}</span>
                  <span className="block text-sm text-slate-700">{b.course_title}</span>
                </span>
                <span className="text-sm text-slate-700">
                  {formatDateTime(b.created_at)} · {b.codes} mã · {b.uses} lượt đã dùng
                </span>
                <Badge
                  value={b.active_codes > 0 ? 'active' : 'locked'}
                  text={b.active_codes > 0 ? `${b.active_codes} mã dùng được` : 'Đã thu hồi'}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
