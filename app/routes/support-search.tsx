import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/support-search';

export function loader({ params }: Route.LoaderArgs) {
  return { query: params.slug.slice(0, 200) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Tìm kiếm hỗ trợ' });

export default function SupportSearchPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame
      title={`Tìm kiếm hỗ trợ: “${loaderData.query}”`}
      crumbs={[{ label: 'Hỗ trợ khách hàng', to: '/ho-tro-khach-hang' }]}
    >
      <ComingSoon what="Các bài viết hỗ trợ phù hợp" />
    </PageFrame>
  );
}
