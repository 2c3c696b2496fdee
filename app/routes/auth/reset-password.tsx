import { Form, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import {
  clearVerifyTokenCookie,
  formError,
  isFormState,
  parseForm,
  readVerifyToken,
  runForm,
  verifyTokenCookie,
} from '../../forms.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/reset-password';

/** Step 2 of a forgotten password: a new password, with the verify token from the OTP or the e-mail link. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const fromLink = url.searchParams.get('token');
  if (fromLink) {
    // Move the e-mailed token out of the address bar (and history) into the cookie.
    throw redirect('/quen-mat-khau-step-2', {
      headers: { 'Set-Cookie': verifyTokenCookie(fromLink.slice(0, 200), context.services.web.secureCookies) },
    });
  }
  return { hasToken: readVerifyToken(request) !== null };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đặt lại mật khẩu' });

const resetForm = z
  .object({ new_password: z.string().min(1, 'Vui lòng nhập mật khẩu mới.').max(256), confirm_password: z.string() })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ['confirm_password'],
    message: 'Mật khẩu nhập lại không khớp.',
  });

export async function action({ request, context }: Route.ActionArgs) {
  const token = readVerifyToken(request);
  if (!token)
    return formError(
      { message: 'Phiên đặt lại mật khẩu đã hết hạn. Vui lòng bắt đầu lại.', fields: {}, values: {} },
      {},
      422,
    );
  const input = parseForm(resetForm, Object.fromEntries(await request.formData()));
  if (isFormState(input)) return formError(input, {});
  return runForm({}, async () => {
    await context.services.accounts.resetPassword({ verify_token: token, new_password: input.new_password });
    return redirect('/dang-nhap?reset=1', {
      headers: { 'Set-Cookie': clearVerifyTokenCookie(context.services.web.secureCookies) },
    });
  });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Đặt lại mật khẩu</h1>
      <p className="mb-5 text-sm text-slate-600">
        Chọn mật khẩu mới từ 8 đến 64 ký tự. Bạn sẽ được đăng xuất khỏi mọi thiết bị.
      </p>
      {!loaderData.hasToken ? (
        <FormMessage message="Phiên đặt lại mật khẩu đã hết hạn hoặc không hợp lệ. Vui lòng yêu cầu lại mã." />
      ) : null}
      <FormMessage message={actionData?.message} fields={actionData?.fields} />
      <Form method="post" noValidate>
        <FormField
          label="Mật khẩu mới"
          name="new_password"
          type="password"
          autoComplete="new-password"
          error={actionData?.fields.new_password}
        />
        <FormField
          label="Nhập lại mật khẩu mới"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          error={actionData?.fields.confirm_password}
        />
        <SubmitButton busy={busy}>Đặt lại mật khẩu</SubmitButton>
      </Form>
    </>
  );
}
