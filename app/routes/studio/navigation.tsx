import { Form, useNavigation } from 'react-router';
import { navigationInput } from '../../../modules/site';
import { FormMessage } from '../../components/form-field';
import { Badge, buttonClass, Empty, inputClass, PageTitle, SaveDeleteButtons } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/navigation';
import { checkbox } from './site-forms.server';

const MENU_TEXT: Record<string, string> = { header: 'Menu đầu trang', footer: 'Menu chân trang' };
const FIELDS = ['menu', 'parent_id', 'title', 'url', 'position'];
const small =
  'rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100 disabled:opacity-40';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  return { items: await context.services.siteAdmin.listNavigation() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'site.write');
  const actor = { viewer, ip: context.clientIp };
  const admin = context.services.siteAdmin;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'create');
  const id = Number(form.get('id')) || null;
  const done = (notice: string): FormState => ({ intent, notice, message: '', fields: {}, values: {} });
  if ((intent === 'up' || intent === 'down') && id) {
    return runForm({}, async () => {
      const items = await admin.listNavigation();
      const item = items.find((row) => row.id === id);
      if (!item) return done('');
      const siblings = items
        .filter((row) => row.menu === item.menu && row.parent_id === item.parent_id)
        .map((row) => row.id);
      const index = siblings.indexOf(id);
      const other = intent === 'up' ? index - 1 : index + 1;
      if (other < 0 || other >= siblings.length) return done('');
      [siblings[index], siblings[other]] = [siblings[other]!, siblings[index]!];
      await admin.reorderNavigation(actor, siblings);
      return done('Đã đổi thứ tự.');
    });
  }
  if (intent === 'delete' && id) {
    return runForm({}, async () => {
      await admin.deleteNavigationItem(actor, id);
      return done('Đã xóa mục menu.');
    });
  }
  const key = intent === 'update' ? `update-${id}` : 'create';
  const values = { ...keepValues(form, FIELDS), is_active: checkbox(form, 'is_active') };
  const input = parseForm(navigationInput, values);
  if (isFormState(input)) return formError(input, values, 400, key);
  return runForm(
    values,
    async () => {
      await admin.saveNavigationItem(actor, intent === 'update' ? id : null, input);
      return { ...done('Đã lưu mục menu.'), intent: key };
    },
    key,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Menu — Studio' });

type Item = Route.ComponentProps['loaderData']['items'][number];

function ItemFields({
  items,
  values,
  fields,
  self,
}: {
  items: Item[];
  values: Record<string, string>;
  fields: Record<string, string>;
  self?: number;
}) {
  const menus = [...new Set(['header', 'footer', ...items.map((item) => item.menu)])];
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
      {field('title', 'Tên mục')}
      {field('url', 'Liên kết')}
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Menu</span>
        <select name="menu" defaultValue={values.menu || 'header'} className={inputClass}>
          {menus.map((menu) => (
            <option key={menu} value={menu}>
              {MENU_TEXT[menu] ?? menu}
            </option>
          ))}
        </select>
        {fields.menu ? <span className="text-red-700">{fields.menu}</span> : null}
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Nằm trong mục</span>
        <select name="parent_id" defaultValue={values.parent_id ?? ''} className={inputClass}>
          <option value="">(Cấp đầu)</option>
          {items
            .filter((item) => item.id !== self)
            .map((item) => (
              <option key={item.id} value={item.id}>
                {MENU_TEXT[item.menu] ?? item.menu}: {'— '.repeat(item.depth)}
                {item.title}
              </option>
            ))}
        </select>
        {fields.parent_id ? <span className="text-red-700">{fields.parent_id}</span> : null}
      </label>
      {field('position', 'Thứ tự')}
      <label className="flex items-center gap-2 self-end py-2 text-sm">
        <input type="checkbox" name="is_active" defaultChecked={values.is_active !== ''} className="h-5 w-5" />
        Đang bật
      </label>
    </>
  );
}

export default function StudioNavigation({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const mine = (key: string) => (actionData?.intent === key ? actionData : undefined);
  const created = mine('create');
  const menus = [...new Set(items.map((item) => item.menu))];
  return (
    <div>
      <PageTitle title="Menu điều hướng" />
      {actionData?.notice ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800">
          {actionData.notice}
        </p>
      ) : null}
      {actionData?.message && actionData.intent === undefined ? <FormMessage message={actionData.message} /> : null}
      <Form method="post" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2">
        <h2 className="font-semibold sm:col-span-2">Thêm mục menu</h2>
        <input type="hidden" name="intent" value="create" />
        <div className="sm:col-span-2">
          <FormMessage message={created?.message || undefined} />
        </div>
        <ItemFields items={items} values={created?.values ?? { is_active: 'on' }} fields={created?.fields ?? {}} />
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            Thêm mục
          </button>
        </div>
      </Form>
      {items.length === 0 ? <Empty>Chưa có mục menu nào.</Empty> : null}
      {menus.map((menu) => {
        const rows = items.filter((item) => item.menu === menu);
        return (
          <section key={menu} className="mb-4">
            <h2 className="mb-2 font-semibold">{MENU_TEXT[menu] ?? menu}</h2>
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {rows.map((item) => {
                const siblings = rows.filter((row) => row.parent_id === item.parent_id);
                const index = siblings.indexOf(item);
                const edit = mine(`update-${item.id}`);
                return (
                  <li key={item.id} className="px-4 py-2" style={{ paddingLeft: `${1 + item.depth * 1.5}rem` }}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{item.title}</span>
                      <span className="text-sm break-all text-slate-600">{item.url}</span>
                      {item.is_active ? null : <Badge value="draft" text="Đang tắt" />}
                      <Form method="post" className="ml-auto flex gap-1">
                        <input type="hidden" name="id" value={item.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="up"
                          className={small}
                          disabled={index === 0}
                          aria-label={`Đưa ${item.title} lên`}
                        >
                          ↑
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="down"
                          className={small}
                          disabled={index === siblings.length - 1}
                          aria-label={`Đưa ${item.title} xuống`}
                        >
                          ↓
                        </button>
                      </Form>
                    </div>
                    <details open={edit ? true : undefined}>
                      <summary className="cursor-pointer text-sm text-brand-700">Sửa</summary>
                      <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2">
                        <input type="hidden" name="id" value={item.id} />
                        <div className="sm:col-span-2">
                          <FormMessage message={edit?.message || undefined} />
                        </div>
                        <ItemFields
                          items={items}
                          self={item.id}
                          values={
                            edit?.values ?? {
                              menu: item.menu,
                              parent_id: item.parent_id === null ? '' : String(item.parent_id),
                              title: item.title,
                              url: item.url,
                              position: String(item.position),
                              is_active: item.is_active ? 'on' : '',
                            }
                          }
                          fields={edit?.fields ?? {}}
                        />
                        <SaveDeleteButtons deleteLabel="Xóa (cả mục con)" />
                      </Form>
                    </details>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
