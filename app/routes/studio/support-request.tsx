import { Form } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { noteInput, SUPPORT_STATUS_LABELS, supportUpdateInput } from '../../../modules/support/public';
import { FormMessage } from '../../components/form-field';
import { answerFor, Field, type FormAnswer } from '../../components/studio/people-forms';
import { Badge, buttonClass, Empty, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/support-request';

const idParam = z.coerce.number().int().positive();
const readId = (raw: string) => idParam.safeParse(raw).data ?? 0;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'support.write');
  const desk = context.services.supportDesk;
  const [request_, staff] = await Promise.all([
    loadInStudio(() => desk.supportDetail(readId(params.id))),
    desk.listStaff(),
  ]);
  return { request: request_, staff };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'support.write');
  const actor = { viewer, ip: context.clientIp };
  const form = await request.formData();
  const intent = form.get('intent') === 'note' ? 'note' : 'update';
  const desk = context.services.supportDesk;
  const id = readId(params.id);
  if (intent === 'update') {
    const values = keepValues(form, ['status', 'assignee_id']);
    const parsed = parseForm(supportUpdateInput, Object.fromEntries(form));
    if (isFormState(parsed)) return formError(parsed, values, 400, intent);
    return runForm(
      values,
      async () => {
        await desk.updateSupport(actor, id, parsed);
        return { intent, notice: 'Đã cập nhật yêu cầu.', message: '', fields: {}, values: {} };
      },
      intent,
    );
  }
  const values = keepValues(form, ['kind', 'body']);
  const parsed = parseForm(noteInput, Object.fromEntries(form));
  if (isFormState(parsed)) return formError(parsed, values, 400, intent);
  return runForm(
    values,
    async () => {
      const result = await desk.addNote(actor, id, parsed);
      const notice =
        result.kind === 'note'
          ? 'Đã thêm ghi chú nội bộ.'
          : result.delivered
            ? `Đã gửi trả lời (${{ notification: 'thông báo', email: 'e-mail', sms: 'SMS' }[result.delivered]}).`
            : 'Đã lưu trả lời, nhưng người gửi không để lại cách liên hệ.';
      return { intent, notice, message: '', fields: {}, values: {} };
    },
    intent,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Yêu cầu hỗ trợ — Studio' });

export default function StudioSupportRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, staff } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const update = answerFor(answer, 'update');
  const note = answerFor(answer, 'note');
  return (
    <div>
      <PageTitle title={r.title || `Yêu cầu #${r.id}`} back={{ to: '/studio/ho-tro', label: 'Yêu cầu hỗ trợ' }} />
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
        <p className="mb-2">
          <Badge value={r.status} text={r.status_label} /> · gửi {formatDateTime(r.created_at)}
        </p>
        <p>
          Người gửi: {r.full_name ?? '—'} · {r.phone ?? '—'} · {r.email ?? '—'}
        </p>
        {r.path ? <p className="break-all">Trang: {r.path}</p> : null}
        <p className="mt-2 whitespace-pre-wrap break-words">{r.content ?? ''}</p>
      </section>
      <Form method="post" className="mb-4 rounded-2xl border border-slate-200 bg-white p-4" aria-label="Xử lý">
        <FormMessage message={update?.notice} tone="success" />
        <FormMessage message={!update?.notice ? update?.message : undefined} />
        <input type="hidden" name="intent" value="update" />
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Field id="trang-thai" label="Trạng thái" error={update?.fields?.status}>
            <select
              id="trang-thai"
              name="status"
              defaultValue={update?.values?.status || r.status}
              className={inputClass}
            >
              {Object.entries(SUPPORT_STATUS_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </Field>
          <Field id="giao-cho" label="Giao cho" error={update?.fields?.assignee_id}>
            <select
              id="giao-cho"
              name="assignee_id"
              defaultValue={update?.values?.assignee_id ?? String(r.assignee_id ?? '')}
              className={inputClass}
            >
              <option value="">— Chưa giao —</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.full_name}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className={buttonClass}>
            Lưu
          </button>
        </div>
      </Form>
      <h2 className="mb-2 font-semibold">Trả lời và ghi chú</h2>
      {r.notes.length === 0 ? (
        <Empty>Chưa có trả lời hay ghi chú nào.</Empty>
      ) : (
        <ul className="mb-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {r.notes.map((n) => (
            <li key={n.id} className="px-4 py-3">
              <p className="text-slate-600">
                {n.kind === 'reply' ? 'Trả lời' : 'Ghi chú nội bộ'} · {n.author_name} · {formatDateTime(n.created_at)}
              </p>
              <p className="whitespace-pre-wrap break-words">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        className="rounded-2xl border border-slate-200 bg-white p-4"
        aria-label="Trả lời hoặc ghi chú"
      >
        <FormMessage message={note?.notice} tone="success" />
        <FormMessage message={!note?.notice ? note?.message : undefined} />
        <input type="hidden" name="intent" value="note" />
        <fieldset className="mb-3 text-sm">
          <legend className="mb-1 font-medium text-slate-800">Loại</legend>
          <label className="mr-4">
            <input
              type="radio"
              name="kind"
              value="reply"
              defaultChecked={(note?.values?.kind ?? 'reply') === 'reply'}
            />{' '}
            Trả lời người gửi
          </label>
          <label>
            <input type="radio" name="kind" value="note" defaultChecked={note?.values?.kind === 'note'} /> Ghi chú nội
            bộ
          </label>
        </fieldset>
        <Field id="noi-dung" label="Nội dung" error={note?.fields?.body}>
          <textarea
            id="noi-dung"
            name="body"
            rows={4}
            defaultValue={note?.values?.body ?? ''}
            className={inputClass}
            {...(note?.fields?.body ? { 'aria-invalid': true, 'aria-describedby': 'noi-dung-loi' } : {})}
          />
        </Field>
        <button type="submit" className={`${buttonClass} mt-3`}>
          Gửi
        </button>
      </Form>
    </div>
  );
}
