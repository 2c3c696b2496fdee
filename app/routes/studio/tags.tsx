/** /studio/the: hashtags — search, add, rename, merge into another, delete. */
import { Form, useLocation, useNavigation } from 'react-router';
import { tagInput, tagMergeInput, tagsQuery } from '../../../modules/content/public';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { buttonClass, Empty, FilterActions, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/tags';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'content.write');
  const { query, csv } = readListQuery(tagsQuery, request, '/api/admin/tags.json');
  const [list, all] = await Promise.all([
    context.services.contentAdmin.listTags(query),
    context.services.contentAdmin.listTags({ page: 1, limit: 100 }),
  ]);
  return { ...list, query, csv, targets: all.items.map((t) => ({ id: t.id, name: t.name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'content.write');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const values = keepValues(form, ['id', 'name', 'slug', 'into_id']);
  const actor = { viewer, ip: context.clientIp };
  const id = Number(values.id) || null;
  const tags = context.services.contentAdmin;
  const done = (notice: string): FormState => ({ intent, notice, message: '', fields: {}, values: {} });
  return runForm(
    values,
    async () => {
      if (intent === 'delete' && id) return (await tags.deleteTag(actor, id), done('Đã xóa hashtag.'));
      if (intent === 'merge' && id) {
        const input = parseForm(tagMergeInput, values);
        if (isFormState(input)) return formError(input, values, 400, `${intent}-${id}`);
        return (await tags.mergeTag(actor, id, input.into_id), done('Đã gộp hashtag.'));
      }
      const input = parseForm(tagInput, values);
      if (isFormState(input)) return formError(input, values, 400, `save-${values.id}`);
      return (await tags.saveTag(actor, id, input), done('Đã lưu hashtag.'));
    },
    `${intent}-${values.id}`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hashtag — Studio' });

export default function StudioTags({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, csv, targets } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  const state = actionData && 'fields' in actionData ? actionData : undefined;
  const errorFor = (key: string) => (state && !state.notice && state.intent === key ? state : undefined);
  const newError = errorFor('save-');
  return (
    <div className="space-y-4">
      <PageTitle title="Hashtag" />
      <FormMessage message={state?.notice} tone="success" />
      <Form
        method="post"
        className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="id" value="" />
        <FormMessage message={newError?.message} />
        <label className="text-sm">
          <span className="mb-1 block font-medium">Hashtag mới</span>
          <input name="name" required defaultValue={newError?.values.name ?? ''} className={inputClass} />
          {newError?.fields.name ? <span className="text-red-700">{newError.fields.name}</span> : null}
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Đường dẫn</span>
          <input
            name="slug"
            placeholder="tạo từ tên"
            defaultValue={newError?.values.slug ?? ''}
            className={inputClass}
          />
          {newError?.fields.slug ? <span className="text-red-700">{newError.fields.slug}</span> : null}
        </label>
        <button type="submit" name="intent" value="save" className={buttonClass} disabled={busy}>
          Thêm
        </button>
      </Form>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên (có hoặc không dấu)</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterActions csv={csv} />
      </Form>
      <p className="text-sm text-slate-700">{total} hashtag</p>
      {items.length === 0 ? (
        <Empty>Không có hashtag nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((tag) => {
            const saveError = errorFor(`save-${tag.id}`);
            const mergeError = errorFor(`merge-${tag.id}`) ?? errorFor(`delete-${tag.id}`);
            return (
              <li key={tag.id} className="grid gap-2 px-3 py-3 lg:grid-cols-[1fr_1fr] lg:items-end">
                <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                  <input type="hidden" name="id" value={tag.id} />
                  <label className="text-sm">
                    <span className="block font-medium">
                      #{tag.name} · {tag.post_count} bài
                    </span>
                    <input
                      name="name"
                      aria-label={`Tên hashtag ${tag.name}`}
                      defaultValue={saveError?.values.name ?? tag.name}
                      className={inputClass}
                    />
                    {saveError?.fields.name ? <span className="text-red-700">{saveError.fields.name}</span> : null}
                  </label>
                  <label className="text-sm">
                    <span className="block font-medium">Đường dẫn</span>
                    <input name="slug" defaultValue={saveError?.values.slug ?? tag.slug} className={inputClass} />
                    {saveError?.fields.slug ? <span className="text-red-700">{saveError.fields.slug}</span> : null}
                  </label>
                  <button type="submit" name="intent" value="save" className={buttonClass} disabled={busy}>
                    Lưu
                  </button>
                </Form>
                <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
                  <input type="hidden" name="id" value={tag.id} />
                  <label className="text-sm">
                    <span className="block font-medium">Gộp vào</span>
                    <select name="into_id" defaultValue="" className={inputClass}>
                      <option value="">Chọn hashtag</option>
                      {targets
                        .filter((t) => t.id !== tag.id)
                        .map((t) => (
                          <option key={t.id} value={t.id}>
                            #{t.name}
                          </option>
                        ))}
                    </select>
                    {mergeError ? (
                      <span className="text-red-700">{mergeError.fields.into_id ?? mergeError.message}</span>
                    ) : null}
                  </label>
                  <button
                    type="submit"
                    name="intent"
                    value="merge"
                    className="rounded-xl border border-slate-300 px-3 py-2"
                    disabled={busy}
                  >
                    Gộp
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className="rounded-xl border border-red-300 px-3 py-2 text-red-800"
                    disabled={busy}
                  >
                    Xóa
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
