import { cooperateAction } from '../cooperate.server';
import { BannerSlot } from '../components/banner-slot';
import { CooperateForm } from '../components/cooperate-form';
import { CourseGrid } from '../components/course-card';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/post-card';
import { loadOr404 } from '../not-found.server';
import { breadcrumbLd, buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/teacher';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const teacher = await loadOr404(request, () => context.services.catalog.getTeacher({ slug: params.slug }));
  const [courses, banners] = await Promise.all([
    context.services.course.listCourses({ teacher: teacher.slug, page: 1, limit: 100 }),
    context.services.site.listBanners({ placements: [12], signedIn: context.viewer !== null }),
  ]);
  return { teacher, courses: courses.items, banners: banners[12] ?? [] };
}

/** The partnership request form (teachers who want to teach here). */
export async function action({ request, context }: Route.ActionArgs) {
  return cooperateAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData?.teacher.full_name ?? 'Giảng viên',
    description: loaderData
      ? `${loaderData.teacher.full_name} — ${loaderData.teacher.headline ?? 'giảng viên Khai Trí'}`
      : undefined,
    path: `/giang-vien-hidden/${loaderData?.teacher.slug ?? ''}`,
    image: loaderData?.teacher.avatar,
    jsonLd: loaderData
      ? [
          { '@type': 'Person', name: loaderData.teacher.full_name, jobTitle: loaderData.teacher.headline ?? undefined },
          breadcrumbLd(readPublicUrl(matches), [
            ['Trang chủ', '/'],
            [loaderData.teacher.full_name, `/giang-vien-hidden/${loaderData.teacher.slug}`],
          ]),
        ]
      : [],
  });

export default function TeacherPage({ loaderData, actionData }: Route.ComponentProps) {
  const { teacher, courses, banners } = loaderData;
  return (
    <PageFrame title={teacher.full_name} wide>
      <BannerSlot banners={banners} placement={12} className="mb-6" priority />
      <section className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-start">
        {teacher.avatar ? (
          <img
            src={teacher.avatar}
            alt={teacher.full_name}
            width={120}
            height={120}
            className="h-30 w-30 rounded-full"
          />
        ) : null}
        <div>
          {teacher.headline ? <p className="font-semibold text-slate-800">{teacher.headline}</p> : null}
          {teacher.bio ? (
            <div className="prose-content text-slate-700" dangerouslySetInnerHTML={{ __html: teacher.bio }} />
          ) : null}
        </div>
      </section>
      <h2 className="mb-3 text-xl font-bold">Khóa học của giảng viên ({courses.length})</h2>
      {courses.length > 0 ? (
        <CourseGrid courses={courses} />
      ) : (
        <EmptyState>Giảng viên chưa có khóa học nào.</EmptyState>
      )}
      <CooperateForm state={actionData} defaultKind="teacher" title="Hợp tác giảng dạy" />
    </PageFrame>
  );
}
