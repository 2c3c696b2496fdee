import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import {
  formError,
  isFormState,
  keepValues,
  parseForm,
  requestMeta,
  runForm,
  safeRedirect,
  sessionHeaders,
} from '../../forms.server';
import { buildMeta } from '../../meta';
import { readRecognizedPhone } from '../../../modules/identity/recognition-cookies';
import type { Route } from './+types/login';

const loginForm = z.object({
  username: z.string().trim().min(1, 'Vui lòng nhập số điện thoại hoặc email.').max(254, 'Quá dài.'),
  password: z.string().min(1, 'Vui lòng nhập mật khẩu.').max(256, 'Quá dài.'),
});

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đăng nhập' });

/** Why a single sign-on came back to this page (`?sso=`). */
const SSO_MESSAGES: Record<string, string> = {
  failed: 'Không đăng nhập được bằng tài khoản liên kết. Vui lòng thử lại hoặc dùng mật khẩu.',
  expired: 'Phiên đăng nhập liên kết đã hết hạn. Vui lòng thử lại.',
  cancelled: 'Bạn đã hủy đăng nhập bằng tài khoản liên kết.',
  conflict: 'Tài khoản liên kết này đã gắn với một tài khoản khác.',
};

/** Why a sign-in with Zalo came back to this page (`?zalo=`). */
const ZALO_MESSAGES: Record<string, string> = {
  failed: 'Không đăng nhập được bằng Zalo. Vui lòng thử lại hoặc dùng mật khẩu.',
  expired: 'Phiên đăng nhập Zalo đã hết hạn. Vui lòng thử lại.',
  cancelled: 'Bạn đã hủy đăng nhập bằng Zalo.',
  unlinked:
    'Tài khoản Zalo này chưa liên kết với tài khoản Khai Trí nào. Hãy đăng nhập (hoặc đăng ký) rồi liên kết Zalo trong trang Hồ sơ.',
};

/** A number the operator recognised (SPEC §6) is pre-filled; a failed SSO is explained. */
export function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const sso = search.get('sso');
  const zalo = search.get('zalo');
  return {
    recognizedPhone: readRecognizedPhone(request.headers.get('cookie')),
    ssoEnabled: Boolean(context.services.identity?.config.sso),
    zaloEnabled: Boolean(context.services.identity?.config.zalo),
    ssoMessage: sso
      ? (SSO_MESSAGES[sso] ?? SSO_MESSAGES.failed)
      : zalo
        ? (ZALO_MESSAGES[zalo] ?? ZALO_MESSAGES.failed)
        : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keepValues(form, ['username']);
  const redirectTo = safeRedirect(context, new URL(request.url).searchParams.get('redirect'));
  if (form.get('intent') === 'otp') {
    return runForm(values, async () => {
      await context.services.accounts.requestLoginCode(values.username ?? '');
      const params = new URLSearchParams({ username: values.username ?? '', purpose: 'login', redirect: redirectTo });
      return redirect(`/register-otp?${params}`);
    });
  }
  const input = parseForm(loginForm, Object.fromEntries(form));
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    const signedIn = await context.services.accounts.login(input, requestMeta(request, context));
    return redirect(redirectTo, { headers: sessionHeaders(context, signedIn) });
  });
}

export default function LoginPage({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const state = actionData;
  const notice = params.get('reset') === '1' ? 'Đã đặt lại mật khẩu. Vui lòng đăng nhập bằng mật khẩu mới.' : undefined;
  const username = state?.values.username ?? params.get('username') ?? loaderData?.recognizedPhone ?? '';
  const redirectParam = params.get('redirect');
  const suffix = redirectParam ? `?redirect=${encodeURIComponent(redirectParam)}` : '';
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Đăng nhập</h1>
      <p className="mb-5 text-sm text-slate-600">Dùng số điện thoại hoặc email đã đăng ký.</p>
      <FormMessage message={notice} tone="success" />
      <FormMessage message={state?.message ?? loaderData?.ssoMessage} fields={state?.fields} />
      <Form method="post" noValidate>
        <FormField
          label="Số điện thoại hoặc email"
          name="username"
          autoComplete="username"
          inputMode="email"
          defaultValue={username}
          error={state?.fields.username}
          required
        />
        <FormField
          label="Mật khẩu"
          name="password"
          type="password"
          autoComplete="current-password"
          error={state?.fields.password}
        />
        <div className="mb-4 flex justify-end text-sm">
          <Link
            to="/doi-mat-khau"
            className="inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline"
          >
            Quên mật khẩu?
          </Link>
        </div>
        <SubmitButton busy={busy}>Đăng nhập</SubmitButton>
        <button
          type="submit"
          name="intent"
          value="otp"
          className="mt-3 w-full rounded-xl border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Đăng nhập bằng mã OTP
        </button>
      </Form>
      {loaderData?.ssoEnabled ? (
        <a
          href={`/api/user/login_sso/authorize?redirect=${encodeURIComponent(params.get('redirect') ?? '/')}`}
          className="mt-3 flex w-full items-center justify-center rounded-xl border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Đăng nhập bằng tài khoản doanh nghiệp (SSO)
        </a>
      ) : null}
      {loaderData?.zaloEnabled ? (
        <a
          href={`/api/user/login_zalo/authorize?redirect=${encodeURIComponent(params.get('redirect') ?? '/')}`}
          className="mt-3 flex w-full items-center justify-center rounded-xl border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Đăng nhập bằng Zalo
        </a>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        Chưa có tài khoản?{' '}
        <Link to={`/dang-ky${suffix}`} className="font-semibold text-brand-700 hover:underline">
          Đăng ký ngay
        </Link>
      </p>
    </>
  );
}
