import { Link } from 'react-router';
import { can } from '../../../modules/studio/permissions';
import { dashboardQuery } from '../../../modules/studio/studio.schemas';
import { requireStudio } from '../../guards.server';
import { loadInStudio, readListQuery } from '../../studio.server';
import { Dashboard } from '../../components/studio/dashboard';
import { buildMeta } from '../../meta';
import { PageTitle } from '../../components/studio/studio-ui';
import type { Route } from './+types/index';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context);
  const report = can(viewer.role, 'dashboard.read')
    ? await loadInStudio(() =>
        context.services.dashboard.report(readListQuery(dashboardQuery, request, '/api/admin/dashboard.json').query),
      )
    : null;
  return {
    report,
    cards: [
      can(viewer.role, 'orders.read') && {
        to: '/studio/don-hang',
        title: 'Đơn hàng',
        text: can(viewer.role, 'orders.refund')
          ? 'Tìm, lọc, xuất CSV, xem thông báo của cổng thanh toán và hoàn tiền.'
          : 'Tìm, lọc, xuất CSV và xem chi tiết thanh toán.',
      },
      can(viewer.role, 'users.read') && {
        to: '/studio/hoc-vien',
        title: 'Học viên',
        text: can(viewer.role, 'users.lock')
          ? 'Tìm người dùng, xem khóa học đã ghi danh, khóa và mở khóa tài khoản.'
          : 'Tìm người dùng và xem khóa học đã ghi danh.',
      },
      can(viewer.role, 'audit.read') && {
        to: '/studio/nhat-ky',
        title: 'Nhật ký',
        text: 'Ai đã thay đổi gì và khi nào.',
      },
    ].filter((card) => card !== false),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Studio' });

export default function StudioHome({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageTitle title="Tổng quan" />
      {loaderData.report ? <Dashboard report={loaderData.report} /> : null}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {loaderData.cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-500"
            >
              <h2 className="font-semibold text-brand-700">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
