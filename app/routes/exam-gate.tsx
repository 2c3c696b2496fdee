import { BannerSlot } from '../components/banner-slot';
import { PageFrame } from '../components/page-frame';
import { EmptyState, PostGrid } from '../components/post-card';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/exam-gate';

export async function loader({ context }: Route.LoaderArgs) {
  const [posts, banners] = await Promise.all([
    context.services.content.listPosts({ type: 'exam_gate', page: 1, limit: 30 }),
    context.services.site.listBanners({ placements: [3, 20, 21], signedIn: context.viewer !== null }),
  ]);
  return { posts: posts.items, banners };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Cổng thi',
    description:
      'Kỳ thi và đề thi thử: tốt nghiệp THPT, vào lớp 10, Olympic, đánh giá năng lực, cùng khóa học để ôn luyện.',
    path: '/cong-thi',
  });

export default function ExamGatePage({ loaderData }: Route.ComponentProps) {
  const { posts, banners } = loaderData;
  return (
    <PageFrame title="Cổng thi" wide>
      <BannerSlot banners={banners[20] ?? []} placement={20} className="mb-6" priority />
      <BannerSlot banners={banners[3] ?? []} placement={3} className="mb-6" />
      {posts.length > 0 ? <PostGrid posts={posts} /> : <EmptyState>Chưa có kỳ thi nào đang mở.</EmptyState>}
      <BannerSlot banners={banners[21] ?? []} placement={21} className="mt-8" />
    </PageFrame>
  );
}
