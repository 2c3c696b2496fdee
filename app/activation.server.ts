/** The activation form's action, shared by /tai-khoan/kich-hoat-khoa-hoc and /active. */
import type { ActionFunctionArgs } from 'react-router';
import { keepValues, runForm } from './forms.server';
import { requireViewer } from './guards.server';

export async function redeemActivationForm({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const values = keepValues(form, ['code']);
  return runForm(values, async () => ({
    redeemed: await context.services.activation.redeem(viewer.id, values.code ?? '', context.clientIp),
  }));
}
