import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/course-category';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Danh mục khóa học' });

export default function CourseCategoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Danh mục khóa học" crumbs={[{ label: 'Khóa học', to: '/khoa-hoc' }]}>
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Các khóa học của danh mục này" />
    </PageFrame>
  );
}
