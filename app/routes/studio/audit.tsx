import { Form, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { auditQuery } from '../../../modules/studio/studio.schemas';
import { Pagination } from '../../components/pagination';
import { Empty, FilterActions, FilterSelect, inputClass, PageTitle, Raw } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { readListQuery } from '../../studio.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/audit';

const ACTION_TEXT: Record<string, string> = {
  'order.refund': 'Hoàn tiền',
  'order.refund_failed': 'Hoàn tiền không thành công',
  'user.lock': 'Khóa tài khoản',
  'user.unlock': 'Mở khóa tài khoản',
};
const TARGET_TEXT: Record<string, string> = { order: 'Đơn hàng', user: 'Người dùng' };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'audit.read');
  const { query } = readListQuery(auditQuery, request, '/api/admin/audit.json');
  return { ...(await context.services.studio.listAudit(query)), query };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Nhật ký — Studio' });

export default function StudioAudit({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Nhật ký thao tác" />
      <Form method="get" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-4">
        <FilterSelect label="Thao tác" name="action" value={query.action} options={ACTION_TEXT} />
        <FilterSelect label="Đối tượng" name="target_type" value={query.target_type} options={TARGET_TEXT} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Mã đối tượng</span>
          <input name="target_id" defaultValue={query.target_id ?? ''} className={inputClass} />
        </label>
        <FilterActions />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} mục</p>
      {items.length === 0 ? (
        <Empty>Chưa có thao tác nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {items.map((entry) => (
            <li key={entry.id} className="px-4 py-3">
              <p>
                <strong>{ACTION_TEXT[entry.action] ?? entry.action}</strong> ·{' '}
                {TARGET_TEXT[entry.target_type] ?? entry.target_type} {entry.target_id}
              </p>
              <p className="text-slate-700">
                {entry.actor_name} · {formatDateTime(entry.created_at)} · {entry.ip ?? '—'}
              </p>
              <Raw label="Chi tiết thay đổi">{entry.summary}</Raw>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
