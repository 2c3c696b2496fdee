import { Form, Link, useLocation } from 'react-router';
import { listQuery } from '../../../kernel/http/index';
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
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/teachers';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  const { query, csv } = readListQuery(listQuery, request, '/api/admin/teachers.json');
  const { items, total } = await context.services.catalogAdmin.listTeachers(query);
  return { items, total, query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giảng viên — Studio' });

export default function StudioTeachers({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Giảng viên" />
      <Link to="/studio/giang-vien/moi" className={`${buttonClass} mb-4 inline-block`}>
        Thêm giảng viên
      </Link>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_180px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Họ tên, chức danh</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Trạng thái"
          name="status"
          value={query.status}
          options={{ active: 'Đang hiện', inactive: 'Đang ẩn' }}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} giảng viên</p>
      {items.length === 0 ? (
        <Empty>Chưa có giảng viên nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((teacher) => (
            <li key={teacher.id}>
              <Link
                to={`/studio/giang-vien/${teacher.id}`}
                className="grid grid-cols-[48px_1fr] items-center gap-3 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[48px_1fr_auto]"
              >
                {teacher.avatar ? (
                  <img src={teacher.avatar} alt="" className="h-12 w-12 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="h-12 w-12 rounded-full bg-slate-200" />
                )}
                <span>
                  <span className="font-semibold">{teacher.full_name}</span>
                  <span className="block text-sm text-slate-700">
                    {teacher.headline ?? 'Chưa có chức danh'} · {teacher.course_count} khóa học
                    {teacher.user_name ? ` · tài khoản ${teacher.user_name}` : ''}
                  </span>
                </span>
                <Badge
                  value={teacher.is_active ? 'active' : 'draft'}
                  text={teacher.is_active ? 'Đang hiện' : 'Đang ẩn'}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
