/** /studio/danh-muc: categories of news posts and of help articles — add, edit, delete the empty ones. */
import { Form, useLocation, useNavigation } from 'react-router';
import { categoriesQuery, categoryInput } from '../../../modules/catalog/public';
import { FormMessage } from '../../components/form-field';
import {
  buttonClass,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  PageTitle,
  textDangerButtonClass,
} from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/categories';

const TYPE_TEXT: Record<string, string> = { post: 'Tin tức', support: 'Trợ giúp' };
/** The groups of SPEC §3 (post: blog, video; support: product, policy, guide). */
const SUBTYPE_TEXT: Record<string, string> = {
  blog: 'Bài viết',
  video: 'Video',
  product: 'Sản phẩm',
  policy: 'Chính sách',
  guide: 'Hướng dẫn',
};
const FIELDS = ['id', 'type', 'subtype', 'name', 'slug', 'description', 'position', 'is_active'];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'content.write');
  const { query, csv } = readListQuery(categoriesQuery, request, '/api/admin/categories.json');
  return { items: await context.services.studioCategories.listCategories(query.type, query.q), query, csv };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'content.write');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const values = keepValues(form, FIELDS);
  const actor = { viewer, ip: context.clientIp };
  const id = Number(values.id) || null;
  return runForm(
    values,
    async () => {
      if (intent === 'delete' && id) {
        await context.services.studioCategories.deleteCategory(actor, id);
        return {
          intent,
          notice: 'Đã xóa danh mục.',
          message: '',
          fields: {},
          values: {},
        } satisfies FormState as FormState;
      }
      const input = parseForm(categoryInput, values);
      if (isFormState(input)) return formError(input, values, 400, `save-${values.id}`);
      await context.services.studioCategories.saveCategory(actor, id, input);
      return {
        intent,
        notice: 'Đã lưu danh mục.',
        message: '',
        fields: {},
        values: {},
      } satisfies FormState as FormState;
    },
    intent === 'delete' ? intent : `save-${values.id}`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Danh mục — Studio' });

type Category = Route.ComponentProps['loaderData']['items'][number];

function CategoryForm({ category, state }: { category?: Category; state?: Route.ComponentProps['actionData'] }) {
  const busy = useNavigation().state !== 'idle';
  const mine = state && 'intent' in state && state.intent === `save-${category?.id ?? ''}` ? state : undefined;
  const values: Record<string, string> =
    mine?.values.name !== undefined
      ? mine.values
      : {
          type: category?.type ?? 'post',
          subtype: category?.subtype ?? '',
          name: category?.name ?? '',
          slug: category?.slug ?? '',
          description: category?.description ?? '',
          position: String(category?.position ?? 0),
          is_active: category === undefined || category.is_active ? '1' : '',
        };
  const error = (name: string) =>
    mine?.fields[name] ? <span className="block text-red-700">{mine.fields[name]}</span> : null;
  return (
    <Form method="post" className="grid gap-2 sm:grid-cols-[120px_130px_1fr_1fr_80px_auto_auto] sm:items-end">
      <input type="hidden" name="id" value={category?.id ?? ''} />
      <FormMessage message={mine?.message} />
      <label className="text-sm">
        <span className="block font-medium">Loại</span>
        {category ? <input type="hidden" name="type" value={category.type} /> : null}
        <select
          name={category ? undefined : 'type'}
          defaultValue={values.type}
          disabled={Boolean(category)}
          className={inputClass}
        >
          {Object.entries(TYPE_TEXT).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="block font-medium">Nhóm</span>
        <select name="subtype" defaultValue={values.subtype} className={inputClass}>
          <option value="">Không</option>
          {Object.keys(SUBTYPE_TEXT).map((value) => (
            <option key={value} value={value}>
              {SUBTYPE_TEXT[value]}
            </option>
          ))}
        </select>
        {error('subtype')}
      </label>
      <label className="text-sm">
        <span className="block font-medium">Tên</span>
        <input name="name" required defaultValue={values.name} className={inputClass} />
        {error('name')}
      </label>
      <label className="text-sm">
        <span className="block font-medium">Đường dẫn</span>
        <input name="slug" defaultValue={values.slug} placeholder="tạo từ tên" className={inputClass} />
        {error('slug')}
      </label>
      <label className="text-sm">
        <span className="block font-medium">Thứ tự</span>
        <input name="position" type="number" min={0} defaultValue={values.position} className={inputClass} />
      </label>
      <label className="flex items-center gap-1 text-sm">
        <input type="checkbox" name="is_active" value="1" defaultChecked={values.is_active === '1'} /> Hiện
      </label>
      <button type="submit" name="intent" value="save" className={buttonClass} disabled={busy}>
        {category ? 'Lưu' : 'Thêm'}
      </button>
    </Form>
  );
}

export default function StudioCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { items, query, csv } = loaderData;
  const location = useLocation();
  const deleted = actionData && 'intent' in actionData && actionData.intent === 'delete' ? actionData : undefined;
  const saved = actionData && 'notice' in actionData && actionData.notice ? actionData.notice : undefined;
  return (
    <div className="space-y-4">
      <PageTitle title="Danh mục" />
      <FormMessage message={saved} tone="success" />
      <FormMessage message={deleted && !deleted.notice ? deleted.message : undefined} />
      <section className="rounded-2xl border border-slate-200 bg-white p-3">
        <h2 className="mb-2 font-semibold">Thêm danh mục</h2>
        <CategoryForm key={location.key} state={actionData} />
      </section>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_180px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên (có hoặc không dấu)</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Loại" name="type" value={query.type} options={TYPE_TEXT} />
        <FilterActions csv={csv} />
      </Form>
      {items.length === 0 ? (
        <Empty>Không có danh mục nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((category) => (
            <li key={category.id} className="space-y-2 px-3 py-3">
              <p className="text-sm text-slate-700">
                {TYPE_TEXT[category.type]} · {category.item_count} bài
              </p>
              <CategoryForm category={category} state={actionData} />
              {category.item_count === 0 ? (
                <Form method="post">
                  <input type="hidden" name="id" value={category.id} />
                  <button type="submit" name="intent" value="delete" className={textDangerButtonClass}>
                    Xóa danh mục “{category.name}”
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
