import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/news';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Tin tức' });

export default function NewsPage() {
  return (
    <PageFrame title="Tin tức">
      <ComingSoon what="Tin tức và bài viết mới nhất" />
    </PageFrame>
  );
}
