import { useId, useState, useSyncExternalStore } from 'react';
import { Form, useNavigation, useRevalidator, useRouteLoaderData, useSearchParams } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { formatPhone } from '../../../lib/phone';
import { findProvince, PROVINCES } from '../../../modules/accounts/provinces';
import { wardBelongsTo, wardsOf } from '../../../modules/accounts/wards';
import { AddressFields } from '../../components/address-fields';
import { updateProfileInput } from '../../../modules/accounts/accounts.schemas';
import { FormField, FormMessage, SubmitButton } from '../../components/form-field';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { RootData } from '../../root';
import type { Route } from './+types/profile';
import type { LinkedAccount } from '../../../modules/identity/identity.service';
import { socialUnlinkInput } from '../../../modules/identity/identity.schemas';

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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="mb-4 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Two letters for a name without a photo: `Trần Văn Bình` → `TB`. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toLocaleUpperCase('vi');
}

function AvatarImage({ url, name, size }: { url: string | null; name: string; size: number }) {
  const style = { width: size, height: size };
  if (url)
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full bg-slate-100 object-cover"
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.38 }}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
    >
      {initialsOf(name)}
    </span>
  );
}

class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status = 0,
    /** Our API, or the storage the file is PUT to (S3 or our own signed endpoint). */
    readonly source: 'api' | 'storage' = 'api',
  ) {
    super(message);
  }
}

const GENERIC_UPLOAD_ERROR = 'Tải ảnh lên không thành công. Vui lòng thử lại.';

/** The Vietnamese message of an API error body; the two English SPEC messages get a Vietnamese one. */
function messageOf(body: string, status: number): string {
  let message: string | undefined;
  try {
    message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
  } catch {
    message = undefined;
  }
  if (message === 'resigned error!' || status === 502)
    return 'Không tạo được liên kết tải ảnh lên. Vui lòng thử lại sau.';
  if (message === 'invalid content encoding!') return GENERIC_UPLOAD_ERROR;
  if (status === 413) return 'Ảnh quá lớn.';
  return message && /[À-ỹ]/.test(message) ? message : GENERIC_UPLOAD_ERROR;
}

async function callApi<T>(url: string, method: string, payload: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new UploadFailure('Mất kết nối. Vui lòng kiểm tra mạng và thử lại.');
  }
  const body = await response.text();
  if (!response.ok) throw new UploadFailure(messageOf(body, response.status), response.status);
  return (JSON.parse(body) as { data: T }).data;
}

/** PUTs the file to the presigned URL with public-read ACL (SPEC §7), reporting progress. */
function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('content-type', file.type);
    request.setRequestHeader('x-amz-acl', 'public-read');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new UploadFailure(messageOf(request.responseText, request.status), request.status, 'storage'));
    request.onerror = () => reject(new UploadFailure('Mất kết nối khi tải ảnh lên. Vui lòng thử lại.', 0, 'storage'));
    request.send(file);
  });
}

const subscribeToNothing = () => () => {};

/** The avatar and its file picker; the picker needs JavaScript (the upload goes straight to storage). */
function AvatarSection({ name, avatarUrl, maxBytes }: { name: string; avatarUrl: string | null; maxBytes: number }) {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const revalidator = useRevalidator();
  const publicUrl = useRouteLoaderData<RootData>('root')?.config.publicUrl;
  const inputId = useId();
  const [step, setStep] = useState<'idle' | 'preparing' | 'uploading' | 'processing'>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const busy = step !== 'idle';
  const maxLabel = `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`.replace('.', ',');

  async function upload(file: File) {
    setError('');
    setNotice('');
    if (!AVATAR_TYPES.includes(file.type)) return setError('Chỉ hỗ trợ ảnh JPEG, PNG, WebP hoặc GIF.');
    if (file.size > maxBytes) return setError(`Ảnh tối đa ${maxLabel}. Vui lòng chọn ảnh nhỏ hơn.`);
    if (file.size === 0) return setError('Tệp ảnh đang trống.');
    try {
      setStep('preparing');
      const target = await callApi<{ url: string; key: string }>('/api/user/s3.json', 'PUT', {
        key: file.name,
        content_encoding: 'blob',
        content_type: file.type,
      });
      // Our own upload endpoint is reached on the origin the page came from (PUBLIC_URL may name another host).
      const address = new URL(target.url, window.location.href);
      const ours = publicUrl !== undefined && address.origin === new URL(publicUrl).origin;
      setStep('uploading');
      setProgress(0);
      await putFile(ours ? `${address.pathname}${address.search}` : address.href, file, setProgress);
      setStep('processing');
      await callApi('/api/user/avatar.json', 'POST', { key: target.key });
      await revalidator.revalidate();
      setNotice('Đã cập nhật ảnh đại diện.');
    } catch (failure) {
      const fromApi = failure instanceof UploadFailure && failure.source === 'api' ? failure.status : 0;
      // SPEC §8: a 401 from the API signs out (the server has cleared the cookies) and goes to the
      // login page; a 403 goes home. The storage's own refusals are shown here.
      if (fromApi === 401)
        return window.location.assign(`/dang-nhap?redirect=${encodeURIComponent('/tai-khoan/ho-so')}`);
      if (fromApi === 403) return window.location.assign('/');
      setError(failure instanceof UploadFailure ? failure.message : GENERIC_UPLOAD_ERROR);
    } finally {
      setStep('idle');
    }
  }

  const stepLabel =
    step === 'preparing'
      ? 'Đang chuẩn bị…'
      : step === 'uploading'
        ? `Đang tải ảnh lên… ${progress}%`
        : step === 'processing'
          ? 'Đang xử lý ảnh…'
          : '';
  return (
    <Section title="Ảnh đại diện">
      <FormMessage message={notice} tone="success" />
      <FormMessage message={error} />
      <div className="flex flex-wrap items-center gap-4" aria-busy={busy}>
        <AvatarImage url={avatarUrl} name={name} size={96} />
        <div className="min-w-0 flex-1">
          {hydrated ? (
            <>
              <label
                htmlFor={inputId}
                className={`inline-flex cursor-pointer items-center rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600 ${busy ? 'pointer-events-none opacity-60' : ''}`}
              >
                {avatarUrl ? 'Đổi ảnh đại diện' : 'Chọn ảnh đại diện'}
              </label>
              <input
                id={inputId}
                type="file"
                accept={AVATAR_TYPES.join(',')}
                className="sr-only"
                disabled={busy}
                data-testid="avatar-input"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (file) void upload(file);
                }}
              />
              <p className="mt-2 text-xs text-slate-600">
                Ảnh JPEG, PNG, WebP hoặc GIF, tối đa {maxLabel}. Ảnh được cắt vuông 512×512.
              </p>
              {busy ? (
                <div role="status" className="mt-2 text-sm text-slate-700">
                  {stepLabel}
                  {step === 'uploading' ? (
                    <progress
                      max={100}
                      value={progress}
                      className="mt-1 block h-2 w-full max-w-xs"
                      aria-label="Tiến độ tải ảnh"
                    />
                  ) : null}
                </div>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">
              Để đổi ảnh đại diện, vui lòng bật JavaScript trong trình duyệt rồi tải lại trang.
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}

/** What a provider's sign-in page sent the learner back with (?social=…&provider=…). */
const SOCIAL_RESULTS: Record<string, { tone: 'success' | 'error'; text: (label: string) => string }> = {
  linked: { tone: 'success', text: (label) => `Đã liên kết tài khoản ${label}.` },
  conflict: {
    tone: 'error',
    text: (label) =>
      `Tài khoản ${label} này đã được liên kết với một tài khoản khác, hoặc bạn đã liên kết một tài khoản ${label} khác.`,
  },
  expired: { tone: 'error', text: () => 'Phiên liên kết đã hết hạn. Vui lòng thử lại.' },
  cancelled: { tone: 'error', text: (label) => `Bạn đã hủy liên kết với ${label}.` },
  failed: { tone: 'error', text: (label) => `Không liên kết được tài khoản ${label}. Vui lòng thử lại sau.` },
};

/** Google, Facebook (and SSO) accounts: "Liên kết" only when the provider is configured; unlinking the only way to sign in is refused. */
function LinkedAccountsSection({ accounts, state }: { accounts: LinkedAccount[]; state: FormState | undefined }) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  if (accounts.length === 0 || accounts.every((account) => !account.configured && !account.linked)) return null;
  const result = SOCIAL_RESULTS[params.get('social') ?? ''];
  const resultLabel = accounts.find((account) => account.provider === params.get('provider'))?.label ?? '';
  return (
    <Section title="Tài khoản liên kết">
      {result ? <FormMessage message={result.text(resultLabel)} tone={result.tone} /> : null}
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} />
      <ul className="divide-y divide-slate-100 text-sm">
        {accounts
          .filter((account) => account.configured || account.linked)
          .map((account) => (
            <li key={account.provider} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium text-slate-800">{account.label}</span>
                <span className="text-slate-600">
                  {' · '}
                  {account.linked
                    ? `Đã liên kết${account.linked.email ? ` (${account.linked.email})` : ''} · ${formatDateTime(account.linked.created_at)}`
                    : 'Chưa liên kết'}
                </span>
              </span>
              {account.linked ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="unlink_social" />
                  <input type="hidden" name="provider" value={account.provider} />
                  <button
                    type="submit"
                    disabled={busy}
                    className="rounded-xl border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
                  >
                    Hủy liên kết
                  </button>
                </Form>
              ) : account.configured ? (
                <a
                  href={`/api/user/social_network/${account.provider}/start`}
                  className="rounded-xl bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Liên kết
                </a>
              ) : null}
            </li>
          ))}
      </ul>
    </Section>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, history, avatarMaxBytes, linkedAccounts, wards } = loaderData;
  const state = actionData as ActionState | undefined;
  const busy = useNavigation().state === 'submitting';
  const stateFor = (intent: string) => (state?.intent === intent ? state : undefined);
  const profileState = stateFor('profile');
  const values = profileState?.values;
  return (
    <div className="animate-slide-in space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Hồ sơ</h1>
      <AvatarSection name={profile.full_name} avatarUrl={profile.avatar_url} maxBytes={avatarMaxBytes} />
      <Section title="Thông tin cá nhân">
        <FormMessage message={profileState?.notice} tone="success" />
        <FormMessage message={profileState?.message} fields={profileState?.fields} />
        <dl className="mb-4 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Số điện thoại: </dt>
            <dd className="inline">{profile.phone ? formatPhone(profile.phone) : 'Chưa có'}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Email: </dt>
            <dd className="inline">{profile.email ?? 'Chưa có'}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline font-medium">Địa chỉ: </dt>
            <dd className="inline" data-testid="saved-address">
              {[profile.address_detail, profile.ward_name, profile.province_name].filter(Boolean).join(', ') ||
                'Chưa có'}
            </dd>
          </div>
        </dl>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <FormField
            label="Họ và tên"
            name="full_name"
            defaultValue={values?.full_name ?? profile.full_name}
            error={profileState?.fields.full_name}
          />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField
              label="Ngày sinh"
              name="birthday"
              type="date"
              defaultValue={values?.birthday ?? profile.birthday ?? ''}
              error={profileState?.fields.birthday}
            />
            <div className="mb-4">
              <label htmlFor="truong-gender" className="mb-1 block text-sm font-medium text-slate-800">
                Giới tính
              </label>
              <select
                id="truong-gender"
                name="gender"
                defaultValue={values?.gender ?? profile.gender ?? ''}
                className="w-full rounded-xl border border-slate-300 px-3 py-2.5"
              >
                <option value="">Không muốn nói</option>
                <option value="female">Nữ</option>
                <option value="male">Nam</option>
                <option value="other">Khác</option>
              </select>
            </div>
          </div>
          <AddressFields
            key={`${profile.province_code ?? ''}|${profile.ward_code ?? ''}|${values?.province_code ?? ''}`}
            provinces={PROVINCES}
            provinceCode={values?.province_code ?? profile.province_code ?? ''}
            wardCode={values?.ward_code ?? profile.ward_code ?? ''}
            wards={wards}
            wardsProvince={profile.province_code ?? ''}
            errors={{ province_code: profileState?.fields.province_code, ward_code: profileState?.fields.ward_code }}
          />
          <FormField
            label="Địa chỉ (số nhà, tên đường)"
            name="address_detail"
            defaultValue={values?.address_detail ?? profile.address_detail ?? ''}
            error={profileState?.fields.address_detail}
          />
          <SubmitButton busy={busy}>Lưu hồ sơ</SubmitButton>
        </Form>
      </Section>

      <Section title="Đổi mật khẩu">
        <FormMessage message={stateFor('password')?.notice} tone="success" />
        <FormMessage message={stateFor('password')?.message} fields={stateFor('password')?.fields} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="password" />
          <FormField
            label="Mật khẩu hiện tại"
            name="old_password"
            type="password"
            autoComplete="current-password"
            error={stateFor('password')?.fields.old_password}
          />
          <FormField
            label="Mật khẩu mới"
            name="new_password"
            type="password"
            autoComplete="new-password"
            error={stateFor('password')?.fields.new_password}
          />
          <FormField
            label="Nhập lại mật khẩu mới"
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            error={stateFor('password')?.fields.confirm_password}
          />
          <SubmitButton busy={busy}>Đổi mật khẩu</SubmitButton>
        </Form>
      </Section>

      <Section title="Đổi email">
        <FormMessage message={stateFor('email')?.notice} tone="success" />
        <FormMessage message={stateFor('email')?.message} fields={stateFor('email')?.fields} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="email" />
          <FormField
            label="Email mới"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={stateFor('email')?.values.email ?? ''}
            error={stateFor('email')?.fields.email}
          />
          <SubmitButton busy={busy}>Gửi liên kết xác nhận</SubmitButton>
        </Form>
      </Section>

      <LinkedAccountsSection accounts={linkedAccounts} state={stateFor('unlink_social')} />

      <Section title="Lịch sử đăng nhập">
        <FormMessage message={stateFor('revoke_others')?.notice} tone="success" />
        <ul className="divide-y divide-slate-100 text-sm">
          {history.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-800">{item.device}</span>
                <span className="text-slate-600">
                  {' '}
                  · {item.ip ?? 'IP không rõ'} · {formatDateTime(item.created_at)}
                </span>
              </span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${item.current ? 'bg-brand-50 text-brand-700' : item.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}
              >
                {item.current ? 'Thiết bị này' : item.active ? 'Đang đăng nhập' : 'Đã đăng xuất'}
              </span>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="revoke_others" />
          <button
            type="submit"
            className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Đăng xuất khỏi các thiết bị khác
          </button>
        </Form>
      </Section>
    </div>
  );
}
