import { Link } from 'react-router';
import { BannerSlot } from '../components/banner-slot';
import { MyCourses } from '../components/learning/my-courses';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/post-card';
import { loginRedirectTarget } from '../guards.server';
import { loadMyCourses } from '../learning.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/mycourse';

/**
 * /mycourse: "my courses" in the default layout (the shell sets the SPEC §4 my-course cookie flag
 * here). Not an account path: an anonymous visitor is asked to sign in on the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = context.viewer !== null;
  const [courses, banners] = await Promise.all([
    context.viewer ? loadMyCourses(request, context, context.viewer.id) : null,
    context.services.site.listBanners({ placements: [4], signedIn }),
  ]);
  return { courses, banners: banners[4] ?? [], loginUrl: loginRedirectTarget(request) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học của tôi' });

export default function MyCoursePage({ loaderData }: Route.ComponentProps) {
  const { banners, courses, loginUrl } = loaderData;
  return (
    <PageFrame title="Khóa học của tôi">
      <BannerSlot banners={banners} placement={4} className="mb-6" />
      {courses ? (
        <MyCourses basePath="/mycourse" {...courses} />
      ) : (
        <EmptyState>
          <Link to={loginUrl} className="font-semibold text-brand-700 underline">
            Đăng nhập
          </Link>{' '}
          để xem các khóa học của bạn.
        </EmptyState>
      )}
    </PageFrame>
  );
}
