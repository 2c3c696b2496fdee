import { Form, Link, useLocation } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { usersQuery } from '../../../modules/studio/studio.schemas';
import { Pagination } from '../../components/pagination';
import {
  Badge,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  PageTitle,
  USER_STATUS_TEXT,
} from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { readListQuery } from '../../studio.server';
import { buildMeta } from '../../meta';
import { ROLE_LABELS } from './layout';
import type { Route } from './+types/users';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'users.read');
  const { query: parsed, csv } = readListQuery(usersQuery, request, '/api/admin/users.json');
  const { format: _format, ...query } = parsed;
  return { ...(await context.services.studio.listUsers(query)), query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Học viên — Studio' });

export default function StudioUsers({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Học viên" />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_200px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên, số điện thoại hoặc e-mail</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Vai trò"
          name="role"
          value={query.role}
          options={{ ...ROLE_LABELS, staff: 'Nhân sự (giảng viên, biên tập, quản trị)' }}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} người dùng</p>
      {items.length === 0 ? (
        <Empty>Không có người dùng nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((user) => (
            <li key={user.id}>
              <Link
                to={`/studio/hoc-vien/${user.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{user.full_name}</span>
                  <span className="block text-sm text-slate-700">
                    {user.phone ?? '—'} · {user.email ?? '—'}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {ROLE_LABELS[user.role] ?? user.role} · từ {formatDate(user.created_at)}
                </span>
                <Badge value={user.status} text={USER_STATUS_TEXT[user.status]} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
