import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/activate';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kích hoạt khóa học' });

export default function ActivateCoursePage() {
  return (
    <PageFrame title="Kích hoạt khóa học" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Ô nhập mã kích hoạt" />
    </PageFrame>
  );
}
