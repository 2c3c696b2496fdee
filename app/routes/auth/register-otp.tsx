import { Form, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import {
  formError,
  isFormState,
  parseForm,
  requestMeta,
  runForm,
  safeRedirect,
  sessionHeaders,
  verifyTokenCookie,
} from '../../forms.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/register-otp';

const query = z.object({
  username: z.string().trim().min(1).max(254),
  purpose: z.enum(['register', 'login', 'reset']).default('register'),
  redirect: z.string().max(2000).optional(),
});

/** Codes go only to accounts in a state for the purpose; the page says so without saying which case this is. */
const NO_CODE_HINT = {
  register:
    'Nếu số điện thoại hoặc email này đã có tài khoản, bạn sẽ nhận tin nhắn hướng dẫn đăng nhập thay vì mã: hãy đăng nhập hoặc dùng "Quên mật khẩu".',
  login: 'Mã chỉ được gửi khi số điện thoại hoặc email này đã có tài khoản. Chưa có tài khoản? Hãy đăng ký.',
  reset: 'Mã chỉ được gửi khi số điện thoại hoặc email này đã có tài khoản.',
} as const;

const PURPOSE_TEXT = {
  register: 'Nhập mã gồm 6 chữ số chúng tôi vừa gửi để kích hoạt tài khoản.',
  login: 'Nhập mã gồm 6 chữ số chúng tôi vừa gửi để đăng nhập.',
  reset: 'Nhập mã gồm 6 chữ số chúng tôi vừa gửi để đặt lại mật khẩu.',
} as const;

function readQuery(request: Request) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return parsed.success ? parsed.data : null;
}

export function loader({ request }: Route.LoaderArgs) {
  const params = readQuery(request);
  if (!params) throw redirect('/dang-ky');
  return { username: params.username, purpose: params.purpose };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Xác thực mã OTP' });

export async function action({ request, context }: Route.ActionArgs) {
  const params = readQuery(request);
  if (!params) throw redirect('/dang-ky');
  const form = await request.formData();
  const accounts = context.services.accounts;
  if (form.get('intent') === 'resend') {
    return runForm({}, async () => {
      const sent = await accounts.resendCode(params.purpose, params.username);
      return { message: '', fields: {}, values: {}, notice: `Đã gửi lại mã tới ${sent.sent_to}.` };
    });
  }
  const input = parseForm(
    z.object({
      otp: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'Mã OTP gồm 6 chữ số.'),
    }),
    { otp: form.get('otp') ?? '' },
  );
  if (isFormState(input)) return formError(input, {});
  return runForm({}, async () => {
    const result = await accounts.verifyCode(
      { username: params.username, otp: input.otp, purpose: params.purpose },
      requestMeta(request, context),
    );
    if ('verify_token' in result) {
      return redirect('/quen-mat-khau-step-2', {
        headers: { 'Set-Cookie': verifyTokenCookie(result.verify_token, context.services.web.secureCookies) },
      });
    }
    const next = safeRedirect(context, params.redirect);
    const target = params.purpose === 'register' ? `/verified?next=${encodeURIComponent(next)}` : next;
    return redirect(target, { headers: sessionHeaders(context, result) });
  });
}

export default function RegisterOtpPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const state = actionData as { message: string; fields: Record<string, string>; notice?: string } | undefined;
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Xác thực mã OTP</h1>
      <p className="mb-2 text-sm text-slate-600">{PURPOSE_TEXT[loaderData.purpose]} Mã có hiệu lực 5 phút.</p>
      <p className="mb-5 text-sm text-slate-500">{NO_CODE_HINT[loaderData.purpose]}</p>
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} fields={state?.fields} />
      <Form method="post" noValidate>
        <FormField
          label="Mã OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="\d{6}"
          error={state?.fields.otp}
          className="w-full rounded-xl border border-slate-300 px-3 py-2.5 text-center text-2xl tracking-[0.5em]"
        />
        <SubmitButton busy={busy}>Xác nhận</SubmitButton>
      </Form>
      <Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="resend"
          className="w-full rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Gửi lại mã
        </button>
      </Form>
    </>
  );
}
