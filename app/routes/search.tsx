import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/search';

export function loader({ params }: Route.LoaderArgs) {
  return { query: params.slug.slice(0, 200) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildMeta(matches, { title: loaderData ? `Tìm kiếm: ${loaderData.query}` : 'Tìm kiếm' });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={`Kết quả tìm kiếm cho “${loaderData.query}”`}>
      <ComingSoon what="Kết quả tìm kiếm khóa học, tin tức và bài viết hỗ trợ" />
    </PageFrame>
  );
}
