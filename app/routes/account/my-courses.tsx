import { MyCourses } from '../../components/learning/my-courses';
import { PageFrame } from '../../components/page-frame';
import { requireViewer } from '../../guards.server';
import { loadMyCourses } from '../../learning.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/my-courses';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return loadMyCourses(request, context, viewer.id);
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học của tôi' });

export default function MyCoursesPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Khóa học của tôi" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <MyCourses basePath="/tai-khoan/khoa-hoc-cua-toi" {...loaderData} />
    </PageFrame>
  );
}
