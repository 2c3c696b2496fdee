import { Link } from 'react-router';
import type { BannerView } from '../../../modules/site';
import type { PostListItem } from '../../../modules/content';
import { BannerSlot } from '../banner-slot';
import { Pagination } from '../pagination';
import { EmptyState, PostGrid } from '../post-card';

/** A list of news posts with category tabs, banners (placement 22 or 23) and pagination. */
export function NewsList({
  posts,
  total,
  page,
  limit,
  search,
  categories,
  activeCategory,
  banners,
  placement,
}: {
  posts: PostListItem[];
  total: number;
  page: number;
  limit: number;
  search: string;
  categories: Array<{ slug: string; name: string }>;
  activeCategory?: string | undefined;
  banners: BannerView[];
  placement: number;
}) {
  return (
    <>
      <BannerSlot banners={banners} placement={placement} className="mb-6" priority />
      <nav aria-label="Chuyên mục tin tức" className="mb-6 flex gap-2 overflow-x-auto pb-1">
        <Link
          to="/tin-tuc"
          className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ${activeCategory ? 'bg-white text-slate-700 ring-1 ring-slate-200' : 'bg-brand-600 text-white'}`}
        >
          Tất cả
        </Link>
        {categories.map((category) => (
          <Link
            key={category.slug}
            to={`/danh-muc-tin-tuc/${category.slug}`}
            aria-current={category.slug === activeCategory ? 'page' : undefined}
            className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ${category.slug === activeCategory ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
          >
            {category.name}
          </Link>
        ))}
      </nav>
      {posts.length > 0 ? <PostGrid posts={posts} /> : <EmptyState>Chưa có bài viết nào.</EmptyState>}
      <Pagination page={page} limit={limit} total={total} search={search} />
    </>
  );
}
