import { Form, useLocation, useNavigation } from 'react-router';
import { subjectInput, subjectsQuery } from '../../../modules/catalog';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { SUBJECT_TYPE_TEXT } from '../../components/studio/site-labels';
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
import type { Route } from './+types/subjects';
import { checkbox } from './site-forms.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  const { query, csv } = readListQuery(subjectsQuery, request, '/api/admin/subjects.json');
  const { items, total } = await context.services.catalogAdmin.listSubjects(query);
  return { items, total, query, csv };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'site.write');
  const actor = { viewer, ip: context.clientIp };
  const admin = context.services.catalogAdmin;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'create');
  const id = Number(form.get('id')) || null;
  if (intent === 'delete' && id) {
    return runForm({}, async () => {
      await admin.deleteSubject(actor, id);
      return { notice: 'Đã xóa chủ đề.', message: '', fields: {}, values: {} } as FormState;
    });
  }
  const key = intent === 'update' ? `update-${id}` : 'create';
  const values = {
    ...keepValues(form, ['name', 'type', 'description', 'position']),
    is_active: checkbox(form, 'is_active'),
  };
  const input = parseForm(subjectInput, values);
  if (isFormState(input)) return formError(input, values, 400, key);
  return runForm(
    values,
    async () => {
      await admin.saveSubject(actor, intent === 'update' ? id : null, input);
      return { intent: key, notice: 'Đã lưu chủ đề.', message: '', fields: {}, values: {} } as FormState;
    },
    key,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Chủ đề — Studio' });

function SubjectFields({ values, fields }: { values: Record<string, string>; fields: Record<string, string> }) {
  const field = (name: string, label: string) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input
        name={name}
        defaultValue={values[name] ?? ''}
        aria-invalid={fields[name] ? true : undefined}
        className={inputClass}
      />
      {fields[name] ? <span className="text-red-700">{fields[name]}</span> : null}
    </label>
  );
  return (
    <>
      {field('name', 'Tên')}
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Loại</span>
        <select name="type" defaultValue={values.type || 'topic'} className={inputClass}>
          {Object.entries(SUBJECT_TYPE_TEXT).map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      </label>
      {field('description', 'Mô tả')}
      {field('position', 'Thứ tự')}
      <label className="flex items-center gap-2 py-2 text-sm">
        <input type="checkbox" name="is_active" defaultChecked={values.is_active !== ''} className="h-5 w-5" />
        Đang hiện
      </label>
    </>
  );
}

export default function StudioSubjects({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, csv } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const mine = (key: string) => (actionData?.intent === key ? actionData : undefined);
  const created = mine('create');
  return (
    <div>
      <PageTitle title="Lĩnh vực và chủ đề" />
      {actionData?.notice ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800">
          {actionData.notice}
        </p>
      ) : null}
      {actionData?.message && actionData.intent === undefined ? <FormMessage message={actionData.message} /> : null}
      <Form method="post" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2">
        <h2 className="font-semibold sm:col-span-2">Thêm chủ đề</h2>
        <input type="hidden" name="intent" value="create" />
        <div className="sm:col-span-2">
          <FormMessage message={created?.message || undefined} />
        </div>
        <SubjectFields values={created?.values ?? { is_active: 'on' }} fields={created?.fields ?? {}} />
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            Thêm
          </button>
        </div>
      </Form>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_160px_160px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Loại" name="type" value={query.type} options={SUBJECT_TYPE_TEXT} />
        <FilterSelect
          label="Trạng thái"
          name="status"
          value={query.status}
          options={{ active: 'Đang hiện', inactive: 'Đang ẩn' }}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} mục</p>
      {items.length === 0 ? (
        <Empty>Chưa có chủ đề nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((subject) => {
            const edit = mine(`update-${subject.id}`);
            return (
              <li key={subject.id} className="px-4 py-3">
                <details open={edit ? true : undefined}>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                    <span className="font-medium">{subject.name}</span>
                    <span className="text-sm text-slate-600">
                      {SUBJECT_TYPE_TEXT[subject.type]} · thứ tự {subject.position}
                    </span>
                    {subject.is_active ? null : <Badge value="draft" text="Đang ẩn" />}
                  </summary>
                  <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2">
                    <input type="hidden" name="id" value={subject.id} />
                    <div className="sm:col-span-2">
                      <FormMessage message={edit?.message || undefined} />
                    </div>
                    <SubjectFields
                      values={
                        edit?.values ?? {
                          name: subject.name,
                          type: subject.type,
                          description: subject.description ?? '',
                          position: String(subject.position),
                          is_active: subject.is_active ? 'on' : '',
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
