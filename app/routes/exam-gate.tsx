import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/exam-gate';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Cổng thi' });

export default function ExamGatePage() {
  return (
    <PageFrame title="Cổng thi">
      <ComingSoon what="Các kỳ thi và bài thi thử" />
    </PageFrame>
  );
}
