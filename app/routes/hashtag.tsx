import { BannerSlot } from '../components/banner-slot';
import { PageFrame } from '../components/page-frame';
import { Pagination } from '../components/pagination';
import { EmptyState, PostGrid } from '../components/post-card';
import { loadOr404, readPage } from '../not-found.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/hashtag';

const LIMIT = 12;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tag = await loadOr404(request, () => context.services.content.getTag(params.slug.slice(0, 200)));
  const url = new URL(request.url);
  const page = readPage(url);
  const [list, banners] = await Promise.all([
    context.services.content.listPosts({ type: 'post', tag: tag.slug, page, limit: LIMIT }),
    context.services.site.listBanners({ placements: [23], signedIn: context.viewer !== null }),
  ]);
  return { tag, ...list, page, search: url.search, banners: banners[23] ?? [] };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData ? `#${loaderData.tag.name}` : 'Hashtag',
    description: loaderData ? `Các bài viết gắn hashtag #${loaderData.tag.name} trên Khai Trí.` : undefined,
    path: `/hashtag/${loaderData?.tag.slug ?? ''}`,
  });

export default function HashtagPage({ loaderData }: Route.ComponentProps) {
  const { tag, items, total, page, search, banners } = loaderData;
  return (
    <PageFrame title={`#${tag.name}`} crumbs={[{ label: 'Tin tức', to: '/tin-tuc' }]} wide>
      <BannerSlot banners={banners} placement={23} className="mb-6" priority />
      {items.length > 0 ? <PostGrid posts={items} /> : <EmptyState>Chưa có bài viết nào gắn hashtag này.</EmptyState>}
      <Pagination page={page} limit={LIMIT} total={total} search={search} />
    </PageFrame>
  );
}
