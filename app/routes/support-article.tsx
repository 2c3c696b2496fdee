import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/support-article';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hỗ trợ khách hàng' });

export default function SupportArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Hỗ trợ khách hàng" crumbs={[{ label: 'Hỗ trợ khách hàng', to: '/ho-tro-khach-hang' }]}>
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Nội dung bài viết hỗ trợ" />
    </PageFrame>
  );
}
