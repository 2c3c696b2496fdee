import { Form, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { batchCodesQuery, batchParams, revokeReason } from '../../../modules/activation/public';
import { can } from '../../../modules/studio/permissions';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { Badge, dangerButtonClass, PageTitle, textDangerButtonClass } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio, readListQuery } from '../../studio.server';
import type { Route } from './+types/code-batch';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'codes.read');
  const { batch } = batchParams.parse({ batch: params.batch });
  const { query } = readListQuery(batchCodesQuery, request, '');
  const detail = await loadInStudio(() =>
    context.services.activationAdmin.detail(batch, { page: query.page, limit: query.limit }),
  );
  const fresh = Number(new URL(request.url).searchParams.get('moi') ?? 0);
  return { detail, fresh, canWrite: can(viewer.role, 'codes.write') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'codes.write');
  const form = await request.formData();
  const values = keepValues(form, ['reason', 'code']);
  const parsed = parseForm(revokeReason, values);
  if (isFormState(parsed)) return formError(parsed, values);
  const actor = { viewer, ip: context.clientIp };
  const codes = context.services.activationAdmin;
  return runForm(values, async () => {
    const code = String(form.get('code') ?? '');
    const printed = String(form.get('printed') ?? code);
    const result = code
      ? await codes.revokeCode(actor, code, parsed.reason)
      : await codes.revokeBatch(actor, params.batch, parsed.reason);
    const notice = code
      ? result.revoked
        ? `Đã thu hồi mã ${printed}.`
        : `Mã ${printed} đã bị thu hồi từ trước.`
      : `Đã thu hồi ${result.revoked} mã của lô.`;
    return { notice, message: '', fields: {} as Record<string, string>, values: {} as Record<string, string> };
  });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `Lô ${params.batch} — Studio` });

export default function StudioCodeBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { detail: b, fresh, canWrite } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  const failed = actionData && !notice ? actionData : undefined;
  const csv = `/api/admin/activation-batches/${encodeURIComponent(b.batch)}.json?format=csv`;
  return (
    <div>
      <PageTitle title={`Lô ${b.batch}`} back={{ to: '/studio/ma-kich-hoat', label: 'Mã kích hoạt' }} />
      <FormMessage message={fresh ? `Đã tạo ${fresh} mã kích hoạt.` : undefined} tone="success" />
      <FormMessage message={notice} tone="success" />
      <FormMessage message={failed?.message} />
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
        <p>
          {b.course_title}
          {b.pod_id ? ` · gói #${b.pod_id}` : ''} · tạo lúc {formatDateTime(b.created_at)} · hết hạn{' '}
          {b.ends_at ? formatDateTime(b.ends_at) : 'không hạn'}
        </p>
        <p className="mt-1">
          {b.codes} mã · {b.active_codes} mã dùng được · {b.uses} lượt đã dùng
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={csv} download className="rounded-xl border border-slate-300 px-4 py-2 text-slate-800">
            Xuất CSV
          </a>
          {canWrite && b.active_codes > 0 ? (
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm('Thu hồi mọi mã của lô này? Học viên sẽ không kích hoạt được nữa.'))
                  event.preventDefault();
              }}
            >
              <input type="hidden" name="reason" value="Thu hồi cả lô từ studio" />
              <button type="submit" disabled={busy} className={dangerButtonClass}>
                Thu hồi cả lô
              </button>
            </Form>
          ) : null}
        </div>
      </section>
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">Các mã</h2>
        <ul className="divide-y divide-slate-100 text-sm" data-testid="codes">
          {b.codes_page.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <code className="font-semibold">{c.printed}</code> · {c.used}/{c.max_uses} lượt
                {c.access_days ? ` · ${c.access_days} ngày học` : ''}
              </span>
              <span className="flex items-center gap-2">
                <Badge value={c.is_active ? 'active' : 'locked'} text={c.is_active ? 'Dùng được' : 'Đã thu hồi'} />
                {canWrite && c.is_active ? (
                  <Form method="post">
                    <input type="hidden" name="code" value={c.code} />
                    <input type="hidden" name="printed" value={c.printed} />
                    <button
                      type="submit"
                      disabled={busy}
                      className={textDangerButtonClass}
                      aria-label={`Thu hồi mã ${c.printed}`}
                    >
                      Thu hồi
                    </button>
                  </Form>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        <Pagination page={b.codes_page.page} limit={b.codes_page.limit} total={b.codes_page.total} search="" />
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">Đã kích hoạt ({b.redemptions.length})</h2>
        {b.redemptions.length === 0 ? (
          <p className="text-sm text-slate-600">Chưa ai dùng mã của lô này.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="redemptions">
            {b.redemptions.map((r) => (
              <li key={r.id} className="py-2">
                {formatDateTime(r.created_at)} · {r.full_name} · {r.phone ?? r.email ?? '—'} · mã {r.printed}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
