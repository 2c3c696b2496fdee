/** /studio/bai-viet, /studio/giai-phap, /studio/tro-giup, /studio/trang: search, filters, sort, CSV. */
import { Form, Link, useLoaderData, useLocation, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { Pagination } from '../../components/pagination';
import {
  Badge,
  buttonClass,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  PageTitle,
} from '../../components/studio/studio-ui';
import { POST_TYPE_TEXT } from '../../components/studio/content-text';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { categoriesOf, kindOf, KIND_TEXT, listOf } from './content-kinds.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStudio(request, context, 'content.write');
  const kind = kindOf(request);
  const url = new URL(request.url);
  const search = Object.fromEntries(url.searchParams);
  const [list, categories] = await Promise.all([
    loadInStudio(() => listOf(kind, search, context)),
    categoriesOf(kind, context),
  ]);
  const csv = new URLSearchParams(url.searchParams);
  csv.delete('page');
  csv.set('format', 'csv');
  if (kind === 'giai-phap') csv.set('type', 'solution');
  return { kind, text: KIND_TEXT[kind], ...list, categories, search, csv: `${KIND_TEXT[kind].api}?${csv}` };
}

export const meta = ({ matches, data }: MetaArgs<typeof loader>) =>
  buildMeta(matches as Parameters<typeof buildMeta>[0], { title: `${data?.text.title ?? 'Nội dung'} — Studio` });

export default function ContentList() {
  const { kind, text, rows, total, page, limit, categories, search, csv } = useLoaderData<typeof loader>();
  const location = useLocation();
  const isPost = kind === 'bai-viet';
  return (
    <div>
      <PageTitle title={text.title} />
      <p className="mb-4">
        <Link to={`/studio/${kind}/moi`} className={buttonClass}>
          {`+ Thêm ${text.one}`}
        </Link>
      </p>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[1fr_repeat(3,160px)_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tiêu đề (có hoặc không dấu)</span>
          <input type="search" name="q" defaultValue={search.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Trạng thái"
          name="status"
          value={search.status}
          options={{ published: 'Đã xuất bản', draft: 'Bản nháp' }}
        />
        {isPost ? <FilterSelect label="Loại" name="type" value={search.type} options={POST_TYPE_TEXT} /> : null}
        {categories.length > 0 ? (
          <FilterSelect
            label="Danh mục"
            name="category_id"
            value={search.category_id}
            options={Object.fromEntries(categories.map((c) => [String(c.id), c.name]))}
          />
        ) : null}
        {isPost || kind === 'giai-phap' ? (
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">Sắp xếp</span>
            <select name="sort" defaultValue={search.sort ?? 'updated'} className={inputClass}>
              <option value="updated">Sửa gần nhất</option>
              <option value="newest">Tạo gần nhất</option>
              <option value="title">Tiêu đề A–Z</option>
              <option value="views">Xem nhiều nhất</option>
            </select>
          </label>
        ) : null}
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700" role="status">
        {`${total} ${text.one}`}
      </p>
      {rows.length === 0 ? (
        <Empty>{`Không có ${text.one} nào khớp bộ lọc.`}</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {rows.map((row) => (
            <li key={row.id}>
              <Link
                to={`/studio/${kind}/${row.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{row.title}</span>
                  <span className="block truncate text-sm text-slate-700">{row.detail}</span>
                </span>
                <span className="text-sm text-slate-700">Sửa {formatDate(row.updated_at)}</span>
                <Badge
                  value={row.is_published ? 'completed' : 'draft'}
                  text={row.is_published ? 'Đã xuất bản' : 'Bản nháp'}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} limit={limit} total={total} search={location.search} />
    </div>
  );
}
