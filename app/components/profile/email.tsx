/** The profile's email change: the new address gets a confirmation link. */
import { Form, useNavigation } from 'react-router';
import type { FormState } from '../../forms.server';
import { FormField, FormMessage, SubmitButton } from '../form-field';
import { Section } from './section';

export function EmailSection({ state }: { state: FormState | undefined }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Section title="Đổi email">
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} fields={state?.fields} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="email" />
        <FormField
          label="Email mới"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={state?.values.email ?? ''}
          error={state?.fields.email}
        />
        <SubmitButton busy={busy}>Gửi liên kết xác nhận</SubmitButton>
      </Form>
    </Section>
  );
}
