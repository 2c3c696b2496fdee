import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/mycourse';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học của tôi' });

export default function MyCoursePage() {
  return (
    <PageFrame title="Khóa học của tôi">
      <ComingSoon what="Các khóa học bạn đang học" />
    </PageFrame>
  );
}
