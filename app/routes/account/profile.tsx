import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { formatPhone } from '../../../lib/phone';
import { PROVINCES } from '../../../modules/accounts/provinces';
import { updateProfileInput } from '../../../modules/accounts/accounts.schemas';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [profile, history] = await Promise.all([
    context.services.profile.get(viewer.id),
    context.services.accounts.sessions.history(viewer.id, viewer.sessionId),
  ]);
  return { profile, history };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hồ sơ' });

type ActionState = FormState;

const passwordForm = z
  .object({ old_password: z.string().min(1, 'Vui lòng nhập mật khẩu hiện tại.').max(256), new_password: z.string().min(1, 'Vui lòng nhập mật khẩu mới.').max(256), confirm_password: z.string() })
  .refine((value) => value.new_password === value.confirm_password, { path: ['confirm_password'], message: 'Mật khẩu nhập lại không khớp.' });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const done = (notice: string): ActionState => ({ intent, message: '', fields: {}, values: {}, notice });
  const withIntent = (work: () => Promise<ActionState>) => runForm({}, work, intent);

  if (intent === 'profile') {
    const values = keepValues(form, ['full_name', 'birthday', 'gender', 'province_code', 'address_detail']);
    const empty = (name: string) => (values[name] ? values[name] : null);
    const input = parseForm(updateProfileInput, {
      full_name: values.full_name,
      birthday: empty('birthday'),
      gender: empty('gender'),
      province_code: empty('province_code'),
      address_detail: empty('address_detail'),
    });
    if (isFormState(input)) return formError(input, values, 400, intent);
    return withIntent(async () => {
      await context.services.profile.update(viewer.id, input);
      return done('Đã lưu hồ sơ.');
    });
  }
  if (intent === 'password') {
    const input = parseForm(passwordForm, Object.fromEntries(form));
    if (isFormState(input)) return formError(input, {}, 400, intent);
    return withIntent(async () => {
      await context.services.accounts.changePassword(viewer.id, viewer.sessionId, input);
      return done('Đã đổi mật khẩu. Các thiết bị khác đã được đăng xuất.');
    });
  }
  if (intent === 'email') {
    const values = keepValues(form, ['email']);
    const email = String(form.get('email') ?? '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email) || email.length > 254) {
      return formError({ message: 'Email không hợp lệ.', fields: { email: 'Email không hợp lệ.' }, values: {} }, values, 400, intent);
    }
    return withIntent(async () => {
      const sent = await context.services.accounts.requestEmailChange(viewer.id, email);
      return done(`Đã gửi liên kết xác nhận tới ${sent.sent_to}. Email mới có hiệu lực khi bạn mở liên kết.`);
    });
  }
  if (intent === 'revoke_others') {
    const revoked = await context.services.accounts.sessions.closeAll(viewer.id, viewer.sessionId);
    return done(revoked > 0 ? `Đã đăng xuất ${revoked} thiết bị khác.` : 'Không có thiết bị nào khác đang đăng nhập.');
  }
  return formError({ message: 'Thao tác không hợp lệ.', fields: {}, values: {} }, {}, 400, intent);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="mb-4 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, history } = loaderData;
  const state = actionData as ActionState | undefined;
  const busy = useNavigation().state === 'submitting';
  const stateFor = (intent: string) => (state?.intent === intent ? state : undefined);
  const profileState = stateFor('profile');
  const values = profileState?.values;
  return (
    <div className="animate-slide-in space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Hồ sơ</h1>
      <Section title="Thông tin cá nhân">
        <FormMessage message={profileState?.notice} tone="success" />
        <FormMessage message={profileState?.message} />
        <dl className="mb-4 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Số điện thoại: </dt>
            <dd className="inline">{profile.phone ? formatPhone(profile.phone) : 'Chưa có'}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Email: </dt>
            <dd className="inline">{profile.email ?? 'Chưa có'}</dd>
          </div>
        </dl>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <FormField label="Họ và tên" name="full_name" defaultValue={values?.full_name ?? profile.full_name} error={profileState?.fields.full_name} />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField label="Ngày sinh" name="birthday" type="date" defaultValue={values?.birthday ?? profile.birthday ?? ''} error={profileState?.fields.birthday} />
            <div className="mb-4">
              <label htmlFor="truong-gender" className="mb-1 block text-sm font-medium text-slate-800">
                Giới tính
              </label>
              <select id="truong-gender" name="gender" defaultValue={values?.gender ?? profile.gender ?? ''} className="w-full rounded-xl border border-slate-300 px-3 py-2.5">
                <option value="">Không muốn nói</option>
                <option value="female">Nữ</option>
                <option value="male">Nam</option>
                <option value="other">Khác</option>
              </select>
            </div>
          </div>
          <div className="mb-4">
            <label htmlFor="truong-province" className="mb-1 block text-sm font-medium text-slate-800">
              Tỉnh/thành phố
            </label>
            <select id="truong-province" name="province_code" defaultValue={values?.province_code ?? profile.province_code ?? ''} className="w-full rounded-xl border border-slate-300 px-3 py-2.5">
              <option value="">Chọn tỉnh/thành phố</option>
              {PROVINCES.map((province) => (
                <option key={province.code} value={province.code}>
                  {province.name}
                </option>
              ))}
            </select>
            {profileState?.fields.province_code ? <p className="mt-1 text-sm text-red-700">{profileState.fields.province_code}</p> : null}
          </div>
          <FormField label="Địa chỉ (số nhà, đường, phường/xã)" name="address_detail" defaultValue={values?.address_detail ?? profile.address_detail ?? ''} error={profileState?.fields.address_detail} />
          <SubmitButton busy={busy}>Lưu hồ sơ</SubmitButton>
        </Form>
      </Section>

      <Section title="Đổi mật khẩu">
        <FormMessage message={stateFor('password')?.notice} tone="success" />
        <FormMessage message={stateFor('password')?.message} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="password" />
          <FormField label="Mật khẩu hiện tại" name="old_password" type="password" autoComplete="current-password" error={stateFor('password')?.fields.old_password} />
          <FormField label="Mật khẩu mới" name="new_password" type="password" autoComplete="new-password" error={stateFor('password')?.fields.new_password} />
          <FormField label="Nhập lại mật khẩu mới" name="confirm_password" type="password" autoComplete="new-password" error={stateFor('password')?.fields.confirm_password} />
          <SubmitButton busy={busy}>Đổi mật khẩu</SubmitButton>
        </Form>
      </Section>

      <Section title="Đổi email">
        <FormMessage message={stateFor('email')?.notice} tone="success" />
        <FormMessage message={stateFor('email')?.message} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="email" />
          <FormField label="Email mới" name="email" type="email" autoComplete="email" defaultValue={stateFor('email')?.values.email ?? ''} error={stateFor('email')?.fields.email} />
          <SubmitButton busy={busy}>Gửi liên kết xác nhận</SubmitButton>
        </Form>
      </Section>

      <Section title="Lịch sử đăng nhập">
        <FormMessage message={stateFor('revoke_others')?.notice} tone="success" />
        <ul className="divide-y divide-slate-100 text-sm">
          {history.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-800">{item.device}</span>
                <span className="text-slate-600"> · {item.ip ?? 'IP không rõ'} · {formatDateTime(item.created_at)}</span>
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs ${item.current ? 'bg-brand-50 text-brand-700' : item.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}>
                {item.current ? 'Thiết bị này' : item.active ? 'Đang đăng nhập' : 'Đã đăng xuất'}
              </span>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="revoke_others" />
          <button type="submit" className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50">
            Đăng xuất khỏi các thiết bị khác
          </button>
        </Form>
      </Section>
    </div>
  );
}
