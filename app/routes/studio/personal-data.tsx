import { Form, useLocation, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { BREACH_NOTIFY_HOURS, REQUEST_KIND_LABELS, REQUEST_STATE_LABELS } from '../../../modules/privacy/public';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { answerFor, type FormAnswer } from '../../components/studio/people-forms';
import { BreachForm, BreachList } from '../../components/privacy/breaches';
import { Badge, buttonClass, Empty, FilterActions, FilterSelect, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { adminRequestsQuery, breachBody, breachStateBody, mayActOnPrivacy, runRequestBody } from '../../privacy.server';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/personal-data';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'privacy.read');
  const { query } = readListQuery(adminRequestsQuery, request, '/api/admin/privacy/requests.json');
  const [requests, breaches] = await Promise.all([
    context.services.privacyAdmin.listRequests(query),
    context.services.privacyAdmin.listBreaches(),
  ]);
  return { ...requests, breaches, query, canAct: mayActOnPrivacy(request, context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'privacy.write');
  const actor = { viewer, ip: context.clientIp };
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const admin = context.services.privacyAdmin;
  if (intent === 'breach') {
    const values = keepValues(form, ['title', 'description', 'detected_at', 'affected_count']);
    const parsed = parseForm(breachBody, Object.fromEntries(form));
    if (isFormState(parsed)) return formError(parsed, values, 400, intent);
    return runForm(
      values,
      async () => {
        const breach = await admin.createBreach(actor, parsed);
        return {
          intent,
          notice: `Đã ghi nhận sự cố. Hạn thông báo cơ quan chuyên trách: ${formatDateTime(breach.notify_by, 'DD/MM/YYYY HH:mm')}.`,
          message: '',
          fields: {},
          values: {},
        };
      },
      intent,
    );
  }
  if (intent === 'breach-state') {
    const parsed = parseForm(breachStateBody, Object.fromEntries(form));
    const mine = `breach-${String(form.get('id'))}`;
    if (isFormState(parsed)) return formError(parsed, {}, 400, mine);
    return runForm(
      {},
      async () => {
        await admin.moveBreach(actor, parsed.id, parsed.state);
        const notice = parsed.state === 'notified' ? 'Đã ghi nhận việc thông báo.' : 'Đã đóng sự cố.';
        return { intent: mine, notice, message: '', fields: {}, values: {} };
      },
      mine,
    );
  }
  const parsed = parseForm(runRequestBody, Object.fromEntries(form));
  const mine = `run-${String(form.get('id'))}`;
  if (isFormState(parsed)) return formError(parsed, {}, 400, mine);
  return runForm(
    {},
    async () => {
      await admin.runNow(actor, parsed.id);
      return { intent: mine, notice: 'Đã thực hiện yêu cầu.', message: '', fields: {}, values: {} };
    },
    mine,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Dữ liệu cá nhân — Studio' });

const at = (value: string) => formatDateTime(value, 'DD/MM/YYYY HH:mm');

export default function StudioPersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, overdue, breaches, query, canAct } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const pendingId = navigation.state !== 'idle' ? navigation.formData?.get('id') : null;
  return (
    <div>
      <PageTitle title="Dữ liệu cá nhân" />
      <p className="mb-3 text-sm text-slate-700">
        Yêu cầu của học viên được tiếp nhận tự động; tải dữ liệu phải xong trong 10 ngày, xóa tài khoản trong 15 ngày
        (Nghị định 356/2025/NĐ-CP).{' '}
        {overdue > 0 ? (
          <strong className="text-red-800">{overdue} yêu cầu đã quá hạn.</strong>
        ) : (
          'Không có yêu cầu quá hạn.'
        )}
      </p>
      <Form method="get" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-3">
        <FilterSelect label="Loại" name="kind" value={query.kind} options={REQUEST_KIND_LABELS} />
        <FilterSelect label="Trạng thái" name="state" value={query.state} options={REQUEST_STATE_LABELS} />
        <FilterActions />
      </Form>
      <h2 className="mb-2 text-lg font-semibold">Yêu cầu ({total})</h2>
      {items.length === 0 ? (
        <Empty>Chưa có yêu cầu nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {items.map((item) => {
            const mine = answerFor(answer, `run-${item.id}`);
            return (
              <li key={item.id} className="px-4 py-3" aria-labelledby={`yeu-cau-${item.id}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p id={`yeu-cau-${item.id}`} className="font-medium">
                    {REQUEST_KIND_LABELS[item.kind]} · {item.user_name}
                    {item.user_contact ? ` (${item.user_contact})` : ''}
                  </p>
                  <Badge
                    value={item.state === 'waiting' || item.state === 'processing' ? 'pending' : item.state}
                    text={item.state_label}
                  />
                </div>
                <p className="text-slate-600">
                  Gửi {at(item.created_at)} · tiếp nhận {item.acknowledged_at ? at(item.acknowledged_at) : '—'} · hạn{' '}
                  <span className={item.overdue ? 'font-semibold text-red-800' : ''}>
                    {at(item.due_at)}
                    {item.overdue ? ' (quá hạn)' : ''}
                  </span>
                  {item.scheduled_for && item.state === 'waiting' ? ` · xóa sau ${at(item.scheduled_for)}` : ''}
                  {item.completed_at ? ` · xong ${at(item.completed_at)}` : ''}
                </p>
                {item.last_error ? <p className="break-words text-red-800">{item.last_error}</p> : null}
                <FormMessage message={mine?.notice} tone="success" />
                <FormMessage message={!mine?.notice ? mine?.message : undefined} />
                {canAct && item.can_run ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className={buttonClass} disabled={pendingId === String(item.id)}>
                      {pendingId === String(item.id) ? 'Đang thực hiện…' : 'Thực hiện ngay'}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />

      <h2 className="mb-2 mt-8 text-lg font-semibold">Sự cố lộ lọt dữ liệu</h2>
      <p className="mb-3 text-sm text-slate-700">
        Thông báo cho cơ quan chuyên trách bảo vệ dữ liệu cá nhân (Bộ Công an) chậm nhất {BREACH_NOTIFY_HOURS} giờ kể từ
        khi phát hiện (Luật Bảo vệ dữ liệu cá nhân 2025).
      </p>
      {canAct ? (
        <BreachForm answer={answerFor(answer, 'breach')} busy={navigation.formData?.get('intent') === 'breach'} />
      ) : null}
      <BreachList breaches={breaches} canAct={canAct} answer={answer} pendingId={pendingId} />
    </div>
  );
}
