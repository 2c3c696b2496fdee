import { NewsList } from '../components/content/news-list';
import { PageFrame } from '../components/page-frame';
import { readPage } from '../not-found.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/news';

const LIMIT = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = readPage(url);
  const [list, categories, banners] = await Promise.all([
    context.services.content.listPosts({ type: 'post', page, limit: LIMIT }),
    context.services.catalog.listCategories('post'),
    context.services.site.listBanners({ placements: [22], signedIn: context.viewer !== null }),
  ]);
  return { ...list, page, search: url.search, categories, banners: banners[22] ?? [] };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Tin tức',
    description: 'Tin giáo dục, tuyển sinh, kinh nghiệm học tập và sự kiện của Khai Trí.',
    path: '/tin-tuc',
  });

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, search, categories, banners } = loaderData;
  return (
    <PageFrame title="Tin tức" wide>
      <NewsList
        posts={items}
        total={total}
        page={page}
        limit={LIMIT}
        search={search}
        categories={categories}
        banners={banners}
        placement={22}
      />
    </PageFrame>
  );
}
