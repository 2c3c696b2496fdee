import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/course-detail';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học' });

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Khóa học" crumbs={[{ label: 'Khóa học', to: '/khoa-hoc' }]}>
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Thông tin chi tiết khóa học" />
    </PageFrame>
  );
}
