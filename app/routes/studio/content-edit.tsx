/**
 * /studio/{bai-viet|giai-phap|tro-giup|trang}/{id|moi}: write and edit with the rich-text editor,
 * publish, unpublish, delete. The typed work comes back on an error (nothing is lost).
 */
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { z } from 'zod';
import { FormMessage } from '../../components/form-field';
import { RichTextEditor } from '../../components/studio/rich-text-editor';
import {
  Badge,
  buttonClass,
  dangerButtonClass,
  inputClass,
  PageTitle,
  textLinkClass,
} from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, runForm } from '../../forms.server';
import { POST_TYPE_TEXT } from '../../components/studio/content-text';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import {
  categoriesOf,
  deleteItem,
  kindOf,
  KIND_FIELDS,
  KIND_TEXT,
  loadItem,
  publishItem,
  saveItem,
} from './content-kinds.server';

function readId(raw: string | undefined): number | null {
  if (raw === 'moi') return null;
  const parsed = z.coerce.number().int().positive().safeParse(raw);
  return parsed.success ? parsed.data : 0;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireStudio(request, context, 'content.write');
  const kind = kindOf(request);
  const id = readId(params.id);
  const [item, categories] = await Promise.all([
    loadInStudio(() => loadItem(kind, id, context)),
    categoriesOf(kind, context),
  ]);
  const saved = new URL(request.url).searchParams.has('da-luu');
  return { kind, text: KIND_TEXT[kind], item, categories, saved };
}

const NOTICES: Record<string, string> = {
  save: 'Đã lưu.',
  publish: 'Đã xuất bản.',
  unpublish: 'Đã ngừng xuất bản.',
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = requireStudio(request, context, 'content.write');
  const kind = kindOf(request);
  const id = readId(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const values = keepValues(form, KIND_FIELDS[kind]);
  const actor = { viewer, ip: context.clientIp };
  return runForm(values, async () => {
    if (intent === 'save') {
      const saved = await saveItem(kind, id, values, actor, context);
      if (isFormState(saved)) return formError(saved, values);
      return id === null ? redirect(`/studio/${kind}/${saved.id}?da-luu=1`) : { notice: NOTICES.save };
    }
    if (id === null || id === 0) throw redirect(`/studio/${kind}`);
    if (intent === 'delete') {
      await deleteItem(kind, id, actor, context);
      return redirect(`/studio/${kind}`);
    }
    await publishItem(kind, id, intent === 'publish', actor, context);
    return { notice: NOTICES[intent] };
  });
}

export const meta = ({ matches, data }: MetaArgs<typeof loader>) =>
  buildMeta(matches as Parameters<typeof buildMeta>[0], {
    title: `${data?.item.values.title || data?.text.title || 'Nội dung'} — Studio`,
  });

function Field({
  label,
  name,
  values,
  fields,
  hint,
  ...input
}: {
  label: string;
  name: string;
  values: Record<string, string>;
  fields: Record<string, string> | undefined;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = fields?.[name];
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input
        name={name}
        defaultValue={values[name] ?? ''}
        aria-invalid={error ? true : undefined}
        className={inputClass}
        {...input}
      />
      {hint ? <span className="mt-1 block text-xs text-slate-600">{hint}</span> : null}
      {error ? <span className="mt-1 block text-red-700">{error}</span> : null}
    </label>
  );
}

export default function ContentEdit() {
  const { kind, text, item, categories, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    { notice?: string; message?: string; fields?: Record<string, string>; values?: Record<string, string> } | undefined;
  const busy = useNavigation().state !== 'idle';
  const values = { ...item.values, ...(result?.values ?? {}) };
  const fields = result?.fields;
  const select = (name: string, label: string, options: Record<string, string>, empty?: string) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <select
        name={name}
        defaultValue={values[name] ?? ''}
        className={inputClass}
        aria-invalid={fields?.[name] ? true : undefined}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {Object.entries(options).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {fields?.[name] ? <span className="mt-1 block text-red-700">{fields[name]}</span> : null}
    </label>
  );
  const categoryOptions = Object.fromEntries(categories.map((c) => [String(c.id), c.name]));
  const title = item.id === null ? `Thêm ${text.one}` : values.title || text.title;

  return (
    <div className="space-y-4">
      <PageTitle title={title} back={{ to: `/studio/${kind}`, label: text.title }} />
      {item.id !== null ? (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-sm">
          <Badge
            value={item.is_published ? 'completed' : 'draft'}
            text={item.is_published ? 'Đã xuất bản' : 'Bản nháp'}
          />
          {item.is_published && item.url ? (
            <Link to={item.url} className={textLinkClass}>
              Xem trên trang
            </Link>
          ) : null}
          <Form method="post" className="ml-auto flex gap-2">
            <button
              type="submit"
              name="intent"
              value={item.is_published ? 'unpublish' : 'publish'}
              className={buttonClass}
              disabled={busy}
            >
              {item.is_published ? 'Ngừng xuất bản' : 'Xuất bản'}
            </button>
          </Form>
        </div>
      ) : null}
      <FormMessage message={result?.notice ?? (saved ? NOTICES.save : undefined)} tone="success" />
      <FormMessage message={result?.notice ? undefined : result?.message} />
      <Form method="post" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3" key={item.id ?? 'moi'}>
        <input type="hidden" name="intent" value="save" />
        <Field label="Tiêu đề" name="title" required values={values} fields={fields} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Đường dẫn"
            name="slug"
            values={values}
            fields={fields}
            hint={
              kind === 'giai-phap'
                ? 'Để trống để tạo từ tiêu đề; có thể gồm nhiều phần: truong-hoc/hoc-truc-tuyen'
                : 'Để trống để tạo từ tiêu đề.'
            }
          />
          {kind === 'bai-viet' ? select('type', 'Loại', POST_TYPE_TEXT) : null}
          {kind === 'bai-viet' ? select('category_id', 'Danh mục', categoryOptions, 'Không có') : null}
          {kind === 'tro-giup' ? select('category_id', 'Danh mục', categoryOptions, 'Chọn danh mục') : null}
          {kind === 'tro-giup' ? (
            <Field label="Thứ tự" name="position" type="number" min={0} values={values} fields={fields} />
          ) : null}
          {kind === 'bai-viet' || kind === 'giai-phap' ? (
            <>
              <Field label="Tác giả" name="author_name" values={values} fields={fields} />
              <Field label="Ảnh đại diện (địa chỉ)" name="thumbnail" values={values} fields={fields} />
              <Field
                label="Hashtag"
                name="tags"
                values={values}
                fields={fields}
                hint="Cách nhau bằng dấu phẩy, ví dụ: Ôn thi, Tiếng Anh"
              />
            </>
          ) : null}
        </div>
        {kind === 'trang' ? (
          <Field label="Mô tả (cho công cụ tìm kiếm)" name="description" values={values} fields={fields} />
        ) : (
          <Field label="Tóm tắt" name="summary" values={values} fields={fields} />
        )}
        {kind === 'bai-viet' ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_featured" value="1" defaultChecked={values.is_featured === '1'} />
            Bài nổi bật
          </label>
        ) : null}
        <RichTextEditor name="content" label="Nội dung" defaultValue={values.content ?? ''} error={fields?.content} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Đang lưu…' : item.id === null ? 'Lưu bản nháp' : 'Lưu'}
          </button>
        </div>
      </Form>
      {item.id !== null ? (
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(`Xóa ${text.one} này? Không thể hoàn tác.`)) event.preventDefault();
          }}
        >
          <button type="submit" name="intent" value="delete" className={dangerButtonClass}>
            Xóa {text.one}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
