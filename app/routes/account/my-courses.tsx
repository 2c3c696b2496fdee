import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/my-courses';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học của tôi' });

export default function MyCoursesPage() {
  return (
    <PageFrame title="Khóa học của tôi" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Các khóa học bạn đang học" />
    </PageFrame>
  );
}
