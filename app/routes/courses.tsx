import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/courses';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học' });

export default function CoursesPage() {
  return (
    <PageFrame title="Khóa học">
      <ComingSoon what="Danh sách khóa học với bộ lọc và sắp xếp" />
    </PageFrame>
  );
}
