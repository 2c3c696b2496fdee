import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Ưu đãi' });

export default function OffersPage() {
  return (
    <PageFrame title="Ưu đãi" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Mã giảm giá và ưu đãi dành cho bạn" />
    </PageFrame>
  );
}
