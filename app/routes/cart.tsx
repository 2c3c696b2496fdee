import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giỏ hàng' });

export default function CartPage() {
  return (
    <PageFrame title="Giỏ hàng">
      <ComingSoon what="Các khóa học bạn chọn mua" />
    </PageFrame>
  );
}
