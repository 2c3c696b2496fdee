import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hồ sơ' });

export default function ProfilePage() {
  return (
    <PageFrame title="Hồ sơ" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Thông tin cá nhân" />
    </PageFrame>
  );
}
