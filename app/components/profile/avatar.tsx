/** The profile's avatar: the photo or the name's initials, and a picker that uploads straight to storage. */
import { useId, useState, useSyncExternalStore } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { FormMessage } from '../form-field';
import { callUploadApi, genericUploadError, uploadToStorage, UploadFailure } from '../uploads/presigned-upload';
import { Section } from './section';

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

const subscribeToNothing = () => () => {};

/** The avatar and its file picker; the picker needs JavaScript (the upload goes straight to storage). */
export function AvatarSection({
  name,
  avatarUrl,
  maxBytes,
}: {
  name: string;
  avatarUrl: string | null;
  maxBytes: number;
}) {
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
      const target = await uploadToStorage(file, {
        publicUrl,
        noun: 'ảnh',
        onStart: () => {
          setStep('uploading');
          setProgress(0);
        },
        onProgress: setProgress,
      });
      setStep('processing');
      await callUploadApi('/api/user/avatar.json', 'POST', { key: target.key }, 'ảnh');
      await revalidator.revalidate();
      setNotice('Đã cập nhật ảnh đại diện.');
    } catch (failure) {
      const fromApi = failure instanceof UploadFailure && failure.source === 'api' ? failure.status : 0;
      // SPEC §8: a 401 from the API signs out (the server has cleared the cookies) and goes to the
      // login page; a 403 goes home. The storage's own refusals are shown here.
      if (fromApi === 401)
        return window.location.assign(`/dang-nhap?redirect=${encodeURIComponent('/tai-khoan/ho-so')}`);
      if (fromApi === 403) return window.location.assign('/');
      setError(failure instanceof UploadFailure ? failure.message : genericUploadError('ảnh'));
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
