import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/viewed-courses';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học đã xem' });

export default function ViewedCoursesPage() {
  return (
    <PageFrame title="Khóa học đã xem" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ComingSoon what="Các khóa học bạn đã xem gần đây" />
    </PageFrame>
  );
}
