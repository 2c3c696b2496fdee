import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Thanh toán' });

export default function CheckoutPage() {
  return (
    <PageFrame title="Thanh toán" crumbs={[{ label: 'Giỏ hàng', to: '/gio-hang' }]}>
      <ComingSoon what="Tóm tắt đơn hàng và phương thức thanh toán" />
    </PageFrame>
  );
}
