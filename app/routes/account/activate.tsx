import { redeemActivationForm } from '../../activation.server';
import { ActivationForm } from '../../components/activation-form';
import { PageFrame } from '../../components/page-frame';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/activate';

export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => redeemActivationForm({ request, context });

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kích hoạt khóa học' });

export default function ActivateCoursePage({ actionData }: Route.ComponentProps) {
  return (
    <PageFrame title="Kích hoạt khóa học" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <ActivationForm result={actionData} />
    </PageFrame>
  );
}
