import { Form, useLocation, useNavigation } from 'react-router';
import { listQuery } from '../../../kernel/http/index';
import { routeRuleInput } from '../../../modules/site';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import {
  Badge,
  buttonClass,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  PageTitle,
  SaveDeleteButtons,
} from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/route-rules';
import { checkbox } from './site-forms.server';

const STATUS_TEXT: Record<string, string> = {
  '301': '301 · chuyển hẳn',
  '302': '302 · chuyển tạm',
  '307': '307 · chuyển tạm (giữ phương thức)',
  '308': '308 · chuyển hẳn (giữ phương thức)',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'settings.write');
  const { query, csv } = readListQuery(listQuery, request, '/api/admin/route-rules.json');
  const tryPath = new URL(request.url).searchParams.get('thu')?.trim().slice(0, 2000) ?? '';
  const [list, test] = await Promise.all([
    context.services.siteAdmin.listRouteRules(query),
    tryPath ? context.services.siteAdmin.testRoute(tryPath) : Promise.resolve(null),
  ]);
  return { items: list.items, total: list.total, query, csv, tryPath, test };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'settings.write');
  const actor = { viewer, ip: context.clientIp };
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'create');
  const id = Number(form.get('id')) || null;
  if (intent === 'delete' && id) {
    return runForm(
      {},
      async () => {
        await context.services.siteAdmin.deleteRouteRule(actor, id);
        return { intent, notice: 'Đã xóa quy tắc.', message: '', fields: {}, values: {} } as FormState;
      },
      intent,
    );
  }
  const values = { ...keepValues(form, ['path', 'target', 'status_code']), is_active: checkbox(form, 'is_active') };
  const key = intent === 'update' ? `update-${id}` : 'create';
  const input = parseForm(routeRuleInput, values);
  if (isFormState(input)) return formError(input, values, 400, key);
  return runForm(
    values,
    async () => {
      await context.services.siteAdmin.saveRouteRule(actor, intent === 'update' ? id : null, input);
      return { intent: key, notice: 'Đã lưu quy tắc.', message: '', fields: {}, values: {} } as FormState;
    },
    key,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Điều hướng — Studio' });

function RuleFields({ values, fields }: { values: Record<string, string>; fields: Record<string, string> }) {
  const field = (name: string, label: string, placeholder: string) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input
        name={name}
        defaultValue={values[name] ?? ''}
        placeholder={placeholder}
        aria-invalid={fields[name] ? true : undefined}
        className={inputClass}
      />
      {fields[name] ? <span className="text-red-700">{fields[name]}</span> : null}
    </label>
  );
  return (
    <>
      {field('path', 'Đường dẫn', '/khuyen-mai')}
      {field('target', 'Đích đến', '/khoa-hoc hoặc https://…')}
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Kiểu chuyển hướng</span>
        <select name="status_code" defaultValue={values.status_code || '302'} className={inputClass}>
          {Object.entries(STATUS_TEXT).map(([code, text]) => (
            <option key={code} value={code}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 self-end py-2 text-sm">
        <input type="checkbox" name="is_active" defaultChecked={values.is_active !== ''} className="h-5 w-5" />
        Đang bật
      </label>
    </>
  );
}

export default function StudioRouteRules({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, csv, tryPath, test } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const mine = (key: string) => (actionData?.intent === key ? actionData : undefined);
  const created = mine('create');
  return (
    <div>
      <PageTitle title="Quy tắc điều hướng" />
      {actionData?.notice ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800">
          {actionData.notice}
        </p>
      ) : null}
      <Form method="get" className="mb-4 rounded-2xl border border-slate-200 bg-white p-3" role="search">
        <h2 className="mb-2 font-semibold">Thử một đường dẫn</h2>
        <div className="flex flex-wrap gap-2">
          <label className="min-w-0 flex-1 text-sm">
            <span className="sr-only">Đường dẫn cần thử</span>
            <input name="thu" defaultValue={tryPath} placeholder="/khuyen-mai" className={inputClass} />
          </label>
          <button type="submit" className={buttonClass}>
            Thử
          </button>
        </div>
        {test ? (
          <p role="status" data-testid="route-test" className="mt-2 text-sm text-slate-800">
            <strong>{test.normalized}</strong> → {test.explanation}
          </p>
        ) : null}
      </Form>
      <Form method="post" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2">
        <h2 className="font-semibold sm:col-span-2">Thêm quy tắc</h2>
        <input type="hidden" name="intent" value="create" />
        <div className="sm:col-span-2">
          <FormMessage message={created?.message || undefined} />
        </div>
        <RuleFields values={created?.values ?? { is_active: 'on' }} fields={created?.fields ?? {}} />
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            Thêm quy tắc
          </button>
        </div>
      </Form>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_180px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Đường dẫn hoặc đích đến</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Trạng thái"
          name="status"
          value={query.status}
          options={{ active: 'Đang bật', inactive: 'Đang tắt' }}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} quy tắc</p>
      {items.length === 0 ? (
        <Empty>Chưa có quy tắc nào.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((rule) => {
            const edit = mine(`update-${rule.id}`);
            return (
              <li key={rule.id} className="px-4 py-3">
                <details open={edit ? true : undefined}>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                    <span className="font-mono text-sm break-all">{rule.path}</span>
                    <span aria-hidden="true">→</span>
                    <span className="font-mono text-sm break-all">{rule.target}</span>
                    <Badge
                      value={rule.is_active ? 'active' : 'draft'}
                      text={`${rule.status_code}${rule.is_active ? '' : ' · tắt'}`}
                    />
                  </summary>
                  <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2">
                    <input type="hidden" name="id" value={rule.id} />
                    <div className="sm:col-span-2">
                      <FormMessage message={edit?.message || undefined} />
                    </div>
                    <RuleFields
                      values={
                        edit?.values ?? {
                          path: rule.path,
                          target: rule.target,
                          status_code: String(rule.status_code),
                          is_active: rule.is_active ? 'on' : '',
                        }
                      }
                      fields={edit?.fields ?? {}}
                    />
                    <SaveDeleteButtons />
                  </Form>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
