/**
 * /tai-khoan/ho-so: the learner's profile. One action takes every form of the page, told apart by
 * its `intent`; each form's component is in components/profile/.
 */
import { z } from 'zod';
import { findProvince, PROVINCES } from '../../../modules/accounts/provinces';
import { wardBelongsTo, wardsOf } from '../../../modules/accounts/wards';
import { updateProfileInput } from '../../../modules/accounts/accounts.schemas';
import { socialUnlinkInput } from '../../../modules/identity/identity.schemas';
import { AvatarSection } from '../../components/profile/avatar';
import { EmailSection } from '../../components/profile/email';
import { LinkedAccountsSection } from '../../components/profile/linked-accounts';
import { PasswordSection } from '../../components/profile/password';
import { PersonalInfoSection } from '../../components/profile/personal-info';
import { SignInHistorySection } from '../../components/profile/sign-in-history';
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
  const linkedAccounts = (await context.services.identity?.listLinkedAccounts(viewer.id)) ?? [];
  const wards = wardsOf(profile.province_code) ?? [];
  return { profile, history, avatarMaxBytes: context.services.media.maxBytes, linkedAccounts, wards };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hồ sơ' });

type ActionState = FormState;

const passwordForm = z
  .object({
    old_password: z.string().min(1, 'Vui lòng nhập mật khẩu hiện tại.').max(256),
    new_password: z.string().min(1, 'Vui lòng nhập mật khẩu mới.').max(256),
    confirm_password: z.string(),
  })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ['confirm_password'],
    message: 'Mật khẩu nhập lại không khớp.',
  });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const done = (notice: string): ActionState => ({ intent, message: '', fields: {}, values: {}, notice });
  const withIntent = (work: () => Promise<ActionState>) => runForm({}, work, intent);

  if (intent === 'profile') {
    const values = keepValues(form, [
      'full_name',
      'birthday',
      'gender',
      'province_code',
      'ward_code',
      'address_detail',
    ]);
    const empty = (name: string) => (values[name] ? values[name] : null);
    // Without JavaScript the ward list is the saved province's: a new province with a ward that is
    // not in it saves the province, clears the ward and asks for one of the new province's.
    const saved = await context.services.profile.get(viewer.id);
    const province = empty('province_code');
    const ward = empty('ward_code');
    const staleWard =
      ward !== null &&
      province !== saved.province_code &&
      findProvince(province) !== undefined &&
      !wardBelongsTo(province, ward);
    const input = parseForm(updateProfileInput, {
      full_name: values.full_name,
      birthday: empty('birthday'),
      gender: empty('gender'),
      province_code: province,
      ...(staleWard ? {} : { ward_code: ward }),
      address_detail: empty('address_detail'),
    });
    if (isFormState(input)) return formError(input, values, 400, intent);
    return runForm(
      values,
      async () => {
        await context.services.profile.update(viewer.id, input);
        return done(staleWard ? 'Đã lưu hồ sơ. Vui lòng chọn phường/xã thuộc tỉnh/thành phố mới.' : 'Đã lưu hồ sơ.');
      },
      intent,
    );
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
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email) || email.length > 254) {
      return formError(
        { message: 'Email không hợp lệ.', fields: { email: 'Email không hợp lệ.' }, values: {} },
        values,
        400,
        intent,
      );
    }
    return withIntent(async () => {
      const sent = await context.services.accounts.requestEmailChange(viewer.id, email);
      return done(
        `Đã gửi email tới ${sent.sent_to}. Email mới có hiệu lực khi bạn mở liên kết xác nhận trong đó (nếu địa chỉ đã thuộc một tài khoản khác, email sẽ giải thích vì sao không dùng được).`,
      );
    });
  }
  if (intent === 'revoke_others') {
    const revoked = await context.services.accounts.sessions.closeAll(viewer.id, viewer.sessionId);
    return done(revoked > 0 ? `Đã đăng xuất ${revoked} thiết bị khác.` : 'Không có thiết bị nào khác đang đăng nhập.');
  }
  if (intent === 'unlink_social') {
    const input = parseForm(socialUnlinkInput, { provider: form.get('provider') });
    const identity = context.services.identity;
    if (isFormState(input) || !identity)
      return formError({ message: 'Thao tác không hợp lệ.', fields: {}, values: {} }, {}, 400, intent);
    return withIntent(async () => {
      await identity.unlink(viewer.id, input.provider);
      return done('Đã hủy liên kết tài khoản.');
    });
  }
  return formError({ message: 'Thao tác không hợp lệ.', fields: {}, values: {} }, {}, 400, intent);
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, history, avatarMaxBytes, linkedAccounts, wards } = loaderData;
  const state = actionData as ActionState | undefined;
  const stateFor = (intent: string) => (state?.intent === intent ? state : undefined);
  return (
    <div className="animate-slide-in space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Hồ sơ</h1>
      <AvatarSection name={profile.full_name} avatarUrl={profile.avatar_url} maxBytes={avatarMaxBytes} />
      <PersonalInfoSection profile={profile} provinces={PROVINCES} wards={wards} state={stateFor('profile')} />
      <PasswordSection state={stateFor('password')} />
      <EmailSection state={stateFor('email')} />
      <LinkedAccountsSection accounts={linkedAccounts} state={stateFor('unlink_social')} />
      <SignInHistorySection history={history} state={stateFor('revoke_others')} />
    </div>
  );
}
