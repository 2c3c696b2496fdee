import { redeemActivationForm } from '../activation.server';
import { ActivationForm } from '../components/activation-form';
import { PageFrame } from '../components/page-frame';
import { requireViewer } from '../guards.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/active';

/** /active: the activation form in the default layout; anonymous visitors sign in first and come back. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => redeemActivationForm({ request, context });

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kích hoạt khóa học' });

export default function ActivatePage({ actionData }: Route.ComponentProps) {
  return (
    <PageFrame title="Kích hoạt khóa học">
      <ActivationForm result={actionData} />
    </PageFrame>
  );
}
