import { BannerSlot } from '../components/banner-slot';
import { MyCourses } from '../components/learning/my-courses';
import { PageFrame } from '../components/page-frame';
import { requireViewer } from '../guards.server';
import { loadMyCourses } from '../learning.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/mycourse';

/** /mycourse: "my courses" in the default layout (the shell sets the SPEC §4 my-course cookie flag here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [courses, banners] = await Promise.all([
    loadMyCourses(request, context, viewer.id),
    context.services.site.listBanners({ placements: [4], signedIn: true }),
  ]);
  return { ...courses, banners: banners[4] ?? [] };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học của tôi' });

export default function MyCoursePage({ loaderData }: Route.ComponentProps) {
  const { banners, ...courses } = loaderData;
  return (
    <PageFrame title="Khóa học của tôi">
      <BannerSlot banners={banners} placement={4} className="mb-6" />
      <MyCourses basePath="/mycourse" {...courses} />
    </PageFrame>
  );
}
