import { NewsList } from '../components/content/news-list';
import { PageFrame } from '../components/page-frame';
import { notFound, readPage } from '../not-found.server';
import { breadcrumbLd, buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/news-category';

const LIMIT = 12;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = await context.services.catalog.findCategory('post', params.slug);
  if (!category) notFound(request);
  const url = new URL(request.url);
  const page = readPage(url);
  const [list, categories, banners] = await Promise.all([
    context.services.content.listPosts({ type: 'post', category: category.slug, page, limit: LIMIT }),
    context.services.catalog.listCategories('post'),
    context.services.site.listBanners({ placements: [22], signedIn: context.viewer !== null }),
  ]);
  return { category, ...list, page, search: url.search, categories, banners: banners[22] ?? [] };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData?.category.name ?? 'Danh mục tin tức',
    description:
      loaderData?.category.description ?? (loaderData ? `Tin tức chuyên mục ${loaderData.category.name}` : undefined),
    path: `/danh-muc-tin-tuc/${loaderData?.category.slug ?? ''}`,
    jsonLd: loaderData
      ? [
          breadcrumbLd(readPublicUrl(matches), [
            ['Trang chủ', '/'],
            ['Tin tức', '/tin-tuc'],
            [loaderData.category.name, `/danh-muc-tin-tuc/${loaderData.category.slug}`],
          ]),
        ]
      : [],
  });

export default function NewsCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, items, total, page, search, categories, banners } = loaderData;
  return (
    <PageFrame title={category.name} crumbs={[{ label: 'Tin tức', to: '/tin-tuc' }]} wide>
      <NewsList
        posts={items}
        total={total}
        page={page}
        limit={LIMIT}
        search={search}
        categories={categories}
        activeCategory={category.slug}
        banners={banners}
        placement={22}
      />
    </PageFrame>
  );
}
