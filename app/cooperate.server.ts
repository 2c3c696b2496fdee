/**
 * The partnership request form's action, shared by the pages that carry the form (solutions,
 * a solution, a teacher): the same service as POST /api/user/cooperate.json.
 */
import type { AppLoadContext } from 'react-router';
import { cooperateInput } from '../modules/partnerships/partnerships.schemas';
import { formError, isFormState, keepValues, parseForm, runForm } from './forms.server';

export const COOPERATE_FIELDS = ['kind', 'organization', 'contact_name', 'phone', 'email', 'needs', 'learners'];

export async function cooperateAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = keepValues(form, COOPERATE_FIELDS);
  const input = parseForm(cooperateInput, { ...values, source_path: new URL(request.url).pathname });
  if (isFormState(input)) return formError(input, values, 400, 'cooperate');
  return runForm(
    values,
    async () => {
      const created = await context.services.partnerships.submit(input, {
        ip: context.clientIp,
        userId: context.viewer?.id ?? null,
      });
      return {
        intent: 'cooperate',
        sent: created.id,
        message: '',
        fields: {} as Record<string, string>,
        values: {} as Record<string, string>,
      };
    },
    'cooperate',
  );
}
