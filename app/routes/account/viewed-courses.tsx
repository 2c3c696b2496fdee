import { Link } from 'react-router';
import { CourseGrid } from '../../components/course-card';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/post-card';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/viewed-courses';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { courses: await context.services.course.listViewedCourses(viewer.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học đã xem' });

export default function ViewedCoursesPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Khóa học đã xem" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      {loaderData.courses.length > 0 ? (
        <CourseGrid courses={loaderData.courses} />
      ) : (
        <EmptyState>
          Bạn chưa xem khóa học nào.{' '}
          <Link to="/khoa-hoc" className="font-semibold text-brand-700 underline">
            Khám phá khóa học
          </Link>
        </EmptyState>
      )}
    </PageFrame>
  );
}
