import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/topics';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Chủ đề quan tâm' });

export default function TopicsPage() {
  return (
    <PageFrame title="Chủ đề quan tâm" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Các chủ đề bạn theo dõi" />
    </PageFrame>
  );
}
