import { Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/change-password';

/** /doi-mat-khau for signed-out visitors: step 1 of a forgotten password (code by SMS, link by e-mail). */
export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đổi mật khẩu' });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keepValues(form, ['username']);
  const input = parseForm(
    z.object({ username: z.string().trim().min(1, 'Vui lòng nhập số điện thoại hoặc email.').max(254) }),
    Object.fromEntries(form),
  );
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    const sent = await context.services.accounts.forgotPassword(input.username);
    if (sent.channel === 'sms')
      return redirect(`/register-otp?${new URLSearchParams({ username: input.username, purpose: 'reset' })}`);
    return {
      message: '',
      fields: {},
      values,
      notice: `Nếu ${sent.sent_to} là email đã đăng ký, bạn sẽ nhận được liên kết đặt lại mật khẩu trong vài phút.`,
    };
  });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const state = actionData as
    { message: string; fields: Record<string, string>; values: Record<string, string>; notice?: string } | undefined;
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Đổi mật khẩu</h1>
      <p className="mb-5 text-sm text-slate-600">
        Nhập số điện thoại để nhận mã OTP, hoặc email để nhận liên kết đặt lại mật khẩu.
      </p>
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} fields={state?.fields} />
      <Form method="post" noValidate>
        <FormField
          label="Số điện thoại hoặc email"
          name="username"
          autoComplete="username"
          defaultValue={state?.values.username ?? ''}
          error={state?.fields.username}
        />
        <SubmitButton busy={busy}>Tiếp tục</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/dang-nhap" className="font-semibold text-brand-700 hover:underline">
          Quay lại đăng nhập
        </Link>
      </p>
    </>
  );
}
