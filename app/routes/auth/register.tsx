import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import { formError, isFormState, keepValues, parseForm, runForm, safeRedirect } from '../../forms.server';
import { buildMeta } from '../../meta';
import { registerInput } from '../../../modules/accounts/accounts.schemas';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đăng ký' });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keepValues(form, ['username', 'full_name']);
  const input = parseForm(registerInput, {
    username: form.get('username') ?? '',
    password: form.get('password') ?? '',
    full_name: form.get('full_name') ?? '',
    accept_policy: form.get('accept_policy') === 'on',
  });
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    await context.services.accounts.register(input);
    const params = new URLSearchParams({
      username: input.username,
      purpose: 'register',
      redirect: safeRedirect(context, new URL(request.url).searchParams.get('redirect')),
    });
    return redirect(`/register-otp?${params}`);
  });
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const state = actionData;
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Đăng ký</h1>
      <p className="mb-5 text-sm text-slate-600">
        Tạo tài khoản bằng số điện thoại di động hoặc email. Chúng tôi sẽ gửi mã OTP để xác thực.
      </p>
      <FormMessage message={state?.message} fields={state?.fields} />
      <Form method="post" noValidate>
        <FormField
          label="Họ và tên"
          name="full_name"
          autoComplete="name"
          defaultValue={state?.values.full_name ?? ''}
          error={state?.fields.full_name}
        />
        <FormField
          label="Số điện thoại hoặc email"
          name="username"
          autoComplete="username"
          inputMode="email"
          defaultValue={state?.values.username ?? params.get('username') ?? ''}
          error={state?.fields.username}
        />
        <FormField
          label="Mật khẩu"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="8–64 ký tự, tránh mật khẩu phổ biến."
          error={state?.fields.password}
        />
        <div className="mb-4">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="accept_policy"
              className="mt-1 h-4 w-4"
              aria-describedby={state?.fields.accept_policy ? 'dieu-khoan-loi' : undefined}
            />
            <span>
              Tôi đồng ý với{' '}
              <Link to="/dieu-khoan-su-dung" className="font-medium text-brand-700 underline">
                điều khoản sử dụng
              </Link>{' '}
              và{' '}
              <Link to="/chinh-sach-bao-mat" className="font-medium text-brand-700 underline">
                chính sách bảo mật
              </Link>
              .
            </span>
          </label>
          {state?.fields.accept_policy ? (
            <p id="dieu-khoan-loi" className="mt-1 text-sm text-red-700">
              {state.fields.accept_policy}
            </p>
          ) : null}
        </div>
        <SubmitButton busy={busy}>Đăng ký</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Đã có tài khoản?{' '}
        <Link to="/dang-nhap" className="font-semibold text-brand-700 hover:underline">
          Đăng nhập
        </Link>
      </p>
    </>
  );
}
