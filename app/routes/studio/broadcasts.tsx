import { Form, useLocation } from 'react-router';
import { pageQuery } from '../../../kernel/http/index';
import { formatDateTime } from '../../../lib/format/date';
import { BROADCAST_PURPOSE_LABELS, BROADCAST_PURPOSES } from '../../../modules/notifications/public';
import { audienceInput, broadcastInput } from '../../../modules/studio/people.schemas';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { Field, type FormAnswer } from '../../components/studio/people-forms';
import { Badge, buttonClass, Empty, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/broadcasts';

const STATUS_TEXT: Record<string, string> = { sending: 'Đang gửi', sent: 'Đã gửi', failed: 'Lỗi' };
const FIELDS = ['title', 'body', 'link', 'audience', 'subject_id', 'purpose'];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'broadcasts.send');
  const { query } = readListQuery(pageQuery, request, '/api/admin/broadcasts.json');
  const broadcasts = context.services.broadcasts;
  const [list, subjects] = await Promise.all([broadcasts.list(query), broadcasts.subjectChoices()]);
  return { ...list, subjects, query };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'broadcasts.send');
  const form = await request.formData();
  const values = keepValues(form, FIELDS);
  const input = Object.fromEntries(form);
  const broadcasts = context.services.broadcasts;
  // "Xem số người nhận" counts without sending; the typed message stays in the form.
  if (form.get('intent') === 'preview') {
    const audience = parseForm(audienceInput, input);
    if (isFormState(audience)) return formError(audience, values);
    return runForm(values, async () => {
      const { recipients, skipped, subject_name } = await broadcasts.preview(audience);
      const who = subject_name ? `người theo dõi "${subject_name}"` : 'học viên';
      const notice =
        audience.purpose === 'marketing'
          ? `Sẽ gửi đến ${recipients} ${who} đã đồng ý nhận tin tiếp thị; ${skipped} người chưa đồng ý sẽ không nhận.`
          : `Sẽ gửi đến ${recipients} ${who}.`;
      return { notice, message: '', fields: {}, values };
    });
  }
  const parsed = parseForm(broadcastInput, input);
  if (isFormState(parsed)) return formError(parsed, values);
  return runForm(values, async () => {
    const sent = await broadcasts.send({ viewer, ip: context.clientIp }, parsed);
    return {
      notice:
        sent.purpose === 'marketing'
          ? `Đang gửi tin tiếp thị "${sent.title}" đến ${sent.recipient_count} người đã đồng ý, theo từng đợt.`
          : `Đang gửi "${sent.title}" đến ${sent.recipient_count} người, theo từng đợt.`,
      message: '',
      fields: {},
      values: {},
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Gửi thông báo — Studio' });

export default function StudioBroadcasts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, subjects, query } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const fields = answer?.fields ?? {};
  const values = answer?.values ?? {};
  const location = useLocation();
  const invalid = (id: string, error: string | undefined) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-loi` } : {};
  return (
    <div>
      <PageTitle title="Gửi thông báo" />
      <Form method="post" className="mb-4 rounded-2xl border border-slate-200 bg-white p-4" aria-label="Soạn thông báo">
        <FormMessage message={answer?.notice} tone="success" />
        <FormMessage message={!answer?.notice ? answer?.message : undefined} />
        <div className="grid gap-3">
          <Field id="tb-tieu-de" label="Tiêu đề" error={fields.title}>
            <input
              id="tb-tieu-de"
              name="title"
              defaultValue={values.title ?? ''}
              className={inputClass}
              {...invalid('tb-tieu-de', fields.title)}
            />
          </Field>
          <Field id="tb-noi-dung" label="Nội dung" error={fields.body}>
            <textarea
              id="tb-noi-dung"
              name="body"
              rows={3}
              defaultValue={values.body ?? ''}
              className={inputClass}
              {...invalid('tb-noi-dung', fields.body)}
            />
          </Field>
          <Field id="tb-lien-ket" label="Liên kết (không bắt buộc, ví dụ /khoa-hoc)" error={fields.link}>
            <input
              id="tb-lien-ket"
              name="link"
              defaultValue={values.link ?? ''}
              className={inputClass}
              {...invalid('tb-lien-ket', fields.link)}
            />
          </Field>
          <fieldset aria-describedby={fields.purpose ? 'tb-loai-loi' : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Loại thông báo</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {BROADCAST_PURPOSES.map((purpose) => (
                <label
                  key={purpose}
                  className="flex min-h-11 cursor-pointer items-start gap-2 rounded-xl border border-slate-200 p-3 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50"
                >
                  <input
                    type="radio"
                    name="purpose"
                    value={purpose}
                    defaultChecked={(values.purpose ?? 'service') === purpose}
                    className="mt-0.5 size-6 shrink-0"
                  />
                  <span>
                    <span className="block font-medium">{BROADCAST_PURPOSE_LABELS[purpose].label}</span>
                    <span className="block text-sm text-slate-600">{BROADCAST_PURPOSE_LABELS[purpose].hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {fields.purpose ? (
              <p id="tb-loai-loi" className="mt-1 text-sm text-red-700">
                {fields.purpose}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="tb-nguoi-nhan" label="Người nhận" error={fields.audience}>
              <select id="tb-nguoi-nhan" name="audience" defaultValue={values.audience ?? 'all'} className={inputClass}>
                <option value="all">Mọi học viên</option>
                <option value="subject">Người theo dõi một chủ đề</option>
              </select>
            </Field>
            <Field id="tb-chu-de" label="Chủ đề (khi gửi theo chủ đề)" error={fields.subject_id}>
              <select
                id="tb-chu-de"
                name="subject_id"
                defaultValue={values.subject_id ?? ''}
                className={inputClass}
                {...invalid('tb-chu-de', fields.subject_id)}
              >
                <option value="">— Chọn chủ đề —</option>
                {subjects.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.followers} người theo dõi)
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value="preview"
            className="rounded-xl border border-slate-300 px-4 py-2 text-slate-800"
          >
            Xem số người nhận
          </button>
          <button type="submit" name="intent" value="send" className={buttonClass}>
            Gửi thông báo
          </button>
        </div>
      </Form>
      <h2 className="mb-2 font-semibold">Đã gửi</h2>
      {items.length === 0 ? (
        <Empty>Chưa gửi thông báo nào.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {items.map((b) => (
            <li key={b.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <span className="min-w-0">
                <span className="font-semibold">{b.title}</span>
                <span className="block text-slate-700">
                  {`${b.subject_name ? `Theo dõi "${b.subject_name}"` : 'Mọi học viên'} · ${b.sent_count}/${b.recipient_count} người · ${b.created_by_name} · ${formatDateTime(b.created_at)}`}
                </span>
                <span className="block text-slate-600">
                  {BROADCAST_PURPOSE_LABELS[b.purpose].label}
                  {b.purpose === 'marketing'
                    ? b.skipped_count > 0
                      ? ` · bỏ qua ${b.skipped_count} người chưa đồng ý nhận tin tiếp thị`
                      : ' · chỉ người đã đồng ý nhận tin tiếp thị'
                    : ''}
                </span>
              </span>
              <Badge value={b.status} text={STATUS_TEXT[b.status] ?? b.status} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
