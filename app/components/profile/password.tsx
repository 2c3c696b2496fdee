/** The profile's password change: the current password and the new one twice. */
import { Form, useNavigation } from 'react-router';
import type { FormState } from '../../forms.server';
import { FormField, FormMessage, SubmitButton } from '../form-field';
import { Section } from './section';

export function PasswordSection({ state }: { state: FormState | undefined }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Section title="Đổi mật khẩu">
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} fields={state?.fields} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="password" />
        <FormField
          label="Mật khẩu hiện tại"
          name="old_password"
          type="password"
          autoComplete="current-password"
          error={state?.fields.old_password}
        />
        <FormField
          label="Mật khẩu mới"
          name="new_password"
          type="password"
          autoComplete="new-password"
          error={state?.fields.new_password}
        />
        <FormField
          label="Nhập lại mật khẩu mới"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          error={state?.fields.confirm_password}
        />
        <SubmitButton busy={busy}>Đổi mật khẩu</SubmitButton>
      </Form>
    </Section>
  );
}
