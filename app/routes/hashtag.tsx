import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/hashtag';

export function loader({ params }: Route.LoaderArgs) {
  return { tag: params.slug.slice(0, 200) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildMeta(matches, { title: loaderData ? `#${loaderData.tag}` : 'Hashtag' });

export default function HashtagPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={`#${loaderData.tag}`} crumbs={[{ label: 'Tin tức', to: '/tin-tuc' }]}>
      <ComingSoon what="Các bài viết gắn hashtag này" />
    </PageFrame>
  );
}
