import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Thông báo' });

export default function NotificationsPage() {
  return (
    <PageFrame title="Thông báo" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Thông báo của bạn" />
    </PageFrame>
  );
}
