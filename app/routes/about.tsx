import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giới thiệu' });

export default function AboutPage() {
  return (
    <PageFrame title="Giới thiệu">
      <ComingSoon what="Giới thiệu về Khai Trí" />
    </PageFrame>
  );
}
