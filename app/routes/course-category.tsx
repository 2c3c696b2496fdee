import { BannerSlot } from '../components/banner-slot';
import { CourseBrowser } from '../components/course-browser';
import { PageFrame } from '../components/page-frame';
import { listCoursesLenient, loadCourseFilters, readCourseQuery } from '../course-list.server';
import { notFound } from '../not-found.server';
import { buildSeoMeta, breadcrumbLd, readPublicUrl } from '../seo';
import type { Route } from './+types/course-category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = await context.services.catalog.findCategory('course', params.slug);
  if (!category) notFound(request);
  const url = new URL(request.url);
  const query = readCourseQuery(url, { category: category.slug });
  const [list, filters, banners] = await Promise.all([
    listCoursesLenient(context, query),
    loadCourseFilters(context),
    context.services.site.listBanners({ placements: [2], signedIn: context.viewer !== null }),
  ]);
  return { category, ...list, ...filters, search: url.search, banners: banners[2] ?? [] };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData?.category.name ?? 'Danh mục khóa học',
    description: loaderData?.category.description,
    path: `/danh-muc/${loaderData?.category.slug ?? ''}`,
    jsonLd: loaderData
      ? [
          breadcrumbLd(readPublicUrl(matches), [
            ['Trang chủ', '/'],
            ['Khóa học', '/khoa-hoc'],
            [loaderData.category.name, `/danh-muc/${loaderData.category.slug}`],
          ]),
        ]
      : [],
  });

export default function CourseCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, items, total, query, search, subjects, priceRanges, banners } = loaderData;
  return (
    <PageFrame title={category.name} crumbs={[{ label: 'Khóa học', to: '/khoa-hoc' }]} wide>
      {category.description ? <p className="-mt-3 mb-5 text-slate-700">{category.description}</p> : null}
      <BannerSlot banners={banners} placement={2} className="mb-6" priority />
      <CourseBrowser
        courses={items}
        total={total}
        page={query.page}
        limit={query.limit}
        search={search}
        values={query}
        subjects={subjects}
        priceRanges={priceRanges}
      />
    </PageFrame>
  );
}
