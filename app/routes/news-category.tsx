import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/news-category';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Danh mục tin tức' });

export default function NewsCategoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Danh mục tin tức" crumbs={[{ label: 'Tin tức', to: '/tin-tuc' }]}>
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Các bài viết của danh mục này" />
    </PageFrame>
  );
}
