import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/news-article';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Tin tức' });

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Tin tức" crumbs={[{ label: 'Tin tức', to: '/tin-tuc' }]}>
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Nội dung bài viết" />
    </PageFrame>
  );
}
