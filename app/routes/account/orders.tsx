import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đơn hàng' });

export default function OrdersPage() {
  return (
    <PageFrame title="Đơn hàng" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Lịch sử đơn hàng" />
    </PageFrame>
  );
}
