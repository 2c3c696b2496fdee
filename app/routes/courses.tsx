import { BannerSlot } from '../components/banner-slot';
import { CourseBrowser } from '../components/course-browser';
import { PageFrame } from '../components/page-frame';
import { listCoursesLenient, loadCourseFilters, readCourseQuery } from '../course-list.server';
import { buildSeoMeta, breadcrumbLd, readPublicUrl } from '../seo';
import type { Route } from './+types/courses';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readCourseQuery(url);
  const [list, filters, banners] = await Promise.all([
    listCoursesLenient(context, query),
    loadCourseFilters(context),
    context.services.site.listBanners({ placements: [2], signedIn: context.signedIn }),
  ]);
  return { ...list, ...filters, search: url.search, banners: banners[2] ?? [] };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Khóa học',
    description:
      'Tất cả khóa học trực tuyến của Khai Trí: Toán, Ngữ văn, Tiếng Anh, lập trình, kỹ năng sống… lọc theo danh mục, chủ đề, giá.',
    path: '/khoa-hoc',
    jsonLd: [
      breadcrumbLd(readPublicUrl(matches), [
        ['Trang chủ', '/'],
        ['Khóa học', '/khoa-hoc'],
      ]),
    ],
  });

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, query, search, categories, subjects, priceRanges, banners } = loaderData;
  return (
    <PageFrame title="Khóa học" wide>
      <BannerSlot banners={banners} placement={2} className="mb-6" priority />
      <CourseBrowser
        courses={items}
        total={total}
        page={query.page}
        limit={query.limit}
        search={search}
        values={query}
        categories={categories}
        subjects={subjects}
        priceRanges={priceRanges}
      />
    </PageFrame>
  );
}
