import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { PARTNERSHIP_STATUS_LABELS, partnershipUpdateInput } from '../../../modules/partnerships/partnerships.schemas';
import { FormMessage } from '../../components/form-field';
import { Badge, buttonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/partnership';

const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const readId = (raw: string) => idParam.catch(0).parse(raw);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'partnerships.manage');
  return { request: await loadInStudio(() => context.services.partnerships.detail(readId(params.id))) };
}

/** State and notes together; what was typed comes back with an error. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'partnerships.manage');
  const values = keepValues(await request.formData(), ['status', 'notes']);
  const input = parseForm(partnershipUpdateInput, values);
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    await context.services.partnerships.update({ viewer, ip: context.clientIp }, readId(params.id), input);
    return { notice: 'Đã lưu trạng thái và ghi chú.', message: '', fields: {}, values: {} };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  buildMeta(matches, { title: `${loaderData?.request.organization ?? 'Yêu cầu hợp tác'} — Studio` });

export default function StudioPartnership({ loaderData, actionData }: Route.ComponentProps) {
  const { request: item } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  const values: Record<string, string> = actionData && !notice ? actionData.values : {};
  const fields: Record<string, string> = actionData && !notice ? actionData.fields : {};
  return (
    <div>
      <PageTitle title={item.organization} back={{ to: '/studio/hop-tac', label: 'Yêu cầu hợp tác' }} />
      <FormMessage message={notice} tone="success" />
      <FormMessage message={!notice ? actionData?.message : undefined} />
      <section className="mb-4 space-y-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
        <p className="mb-2">
          <Badge value={item.status} text={item.status_label} /> {item.kind_label}
        </p>
        <p>Người liên hệ: {item.contact_name}</p>
        <p>
          Số điện thoại: <a href={`tel:${item.phone}`}>{item.phone}</a>
        </p>
        <p>
          E-mail: <a href={`mailto:${item.email}`}>{item.email}</a>
        </p>
        <p>Số người học: {item.learners ? item.learners.toLocaleString('vi-VN') : '—'}</p>
        <p>
          Gửi lúc {formatDateTime(item.created_at)} từ trang <code>{item.source_path}</code>
        </p>
        <h2 className="pt-2 font-semibold">Nhu cầu</h2>
        <p className="whitespace-pre-line text-slate-800">{item.needs}</p>
      </section>
      <Form method="post" className="rounded-2xl border border-slate-200 bg-white p-4" aria-label="Xử lý yêu cầu">
        <label className="mb-3 block text-sm">
          <span className="mb-1 block font-medium text-slate-800">Trạng thái</span>
          <select name="status" defaultValue={values.status ?? item.status} className={inputClass}>
            {Object.entries(PARTNERSHIP_STATUS_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
          {fields.status ? <span className="mt-1 block text-red-700">{fields.status}</span> : null}
        </label>
        <label className="mb-3 block text-sm">
          <span className="mb-1 block font-medium text-slate-800">Ghi chú</span>
          <textarea
            name="notes"
            rows={4}
            maxLength={5000}
            defaultValue={values.notes ?? item.notes}
            aria-invalid={fields.notes ? true : undefined}
            className={inputClass}
          />
          {fields.notes ? <span className="mt-1 block text-red-700">{fields.notes}</span> : null}
        </label>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Đang lưu…' : 'Lưu'}
        </button>
      </Form>
    </div>
  );
}
