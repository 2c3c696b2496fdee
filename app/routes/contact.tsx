import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Liên hệ' });

export default function ContactPage() {
  return (
    <PageFrame title="Liên hệ">
      <ComingSoon what="Biểu mẫu liên hệ" />
    </PageFrame>
  );
}
