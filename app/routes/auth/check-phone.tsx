import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import { formError, isFormState, keepValues, parseForm, runForm, safeRedirect } from '../../forms.server';
import { buildMeta } from '../../meta';
import { readRecognizedPhone } from '../../../modules/identity/recognition-cookies';
import type { Route } from './+types/check-phone';

/**
 * /kiem-tra-sdt: one field, then sign-in with the number filled in — where the learner signs in by
 * password or one-time code, or goes on to sign up. Whether the number has an account is not
 * said (no enumeration: decision 0008).
 */
export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kiểm tra số điện thoại' });

/** A number the operator recognised (SPEC §6) is pre-filled. */
export function loader({ request }: Route.LoaderArgs) {
  return { recognizedPhone: readRecognizedPhone(request.headers.get('cookie')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keepValues(form, ['username']);
  const input = parseForm(
    z.object({ username: z.string().trim().min(1, 'Vui lòng nhập số điện thoại.').max(254) }),
    Object.fromEntries(form),
  );
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    const params = new URLSearchParams({ username: input.username });
    const next = new URL(request.url).searchParams.get('redirect');
    if (next) params.set('redirect', safeRedirect(context, next));
    return redirect(`/dang-nhap?${params}`);
  });
}

export default function CheckPhonePage({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Kiểm tra số điện thoại</h1>
      <p className="mb-5 text-sm text-slate-600">
        Nhập số điện thoại di động của bạn để đăng nhập (bằng mật khẩu hoặc mã OTP). Chưa có tài khoản? Bạn đăng ký ở
        bước tiếp theo.
      </p>
      <FormMessage message={actionData?.message} fields={actionData?.fields} />
      <Form method="post" noValidate>
        <FormField
          label="Số điện thoại"
          name="username"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={actionData?.values.username ?? params.get('phone') ?? loaderData?.recognizedPhone ?? ''}
          error={actionData?.fields.username}
        />
        <SubmitButton busy={busy}>Tiếp tục</SubmitButton>
      </Form>
    </>
  );
}
