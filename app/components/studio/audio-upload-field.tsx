/**
 * A listening passage's audio: its address, and (with JavaScript) a file sent straight to storage
 * through the presigned upload that fills the address in; a player to check what candidates hear.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { genericUploadError, UploadFailure, uploadToStorage } from '../uploads/presigned-upload';
import { inputClass } from './studio-ui';

const AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg'];
const subscribeToNothing = () => () => {};

export function AudioUploadField({ defaultValue, error }: { defaultValue: string; error?: string | undefined }) {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const publicUrl = useRouteLoaderData<RootData>('root')?.config.publicUrl;
  const id = useId();
  const [url, setUrl] = useState(defaultValue);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');

  async function upload(file: File) {
    setProblem('');
    if (!AUDIO_TYPES.includes(file.type)) return setProblem('Chỉ hỗ trợ tệp âm thanh MP3, M4A hoặc OGG.');
    if (file.size === 0) return setProblem('Tệp âm thanh đang trống.');
    try {
      setProgress(0);
      const stored = await uploadToStorage(file, { publicUrl, noun: 'tệp', onProgress: setProgress });
      // Our own storage is kept as a path, so the passage plays under every host name of the site.
      const address = new URL(stored.direct_url, window.location.href);
      const ours = publicUrl !== undefined && address.origin === new URL(publicUrl).origin;
      setUrl(ours ? address.pathname : stored.direct_url);
    } catch (failure) {
      setProblem(failure instanceof UploadFailure ? failure.message : genericUploadError('tệp'));
    } finally {
      setProgress(null);
    }
  }

  const shown = error ?? problem;
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={`${id}-url`} className="mb-1 block font-medium text-slate-800">
        Bài nghe (tệp âm thanh, không bắt buộc)
      </label>
      <input
        id={`${id}-url`}
        name="audio_url"
        className={inputClass}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        placeholder="https://… hoặc tải tệp lên bên dưới"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-loi` : undefined}
      />
      {hydrated ? (
        <label className="mt-2 block">
          <span className="mb-1 block text-slate-700">Tải tệp MP3, M4A hoặc OGG lên</span>
          <input
            type="file"
            className="block w-full max-w-full"
            accept="audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,.mp3,.m4a,.ogg"
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
      ) : null}
      {progress !== null ? (
        <p role="status" className="mt-1 text-slate-700">
          Đang tải lên… {progress}%
        </p>
      ) : null}
      {shown ? (
        <p id={`${id}-loi`} className="mt-1 text-red-700">
          {shown}
        </p>
      ) : null}
      {url && /^(https?:\/\/|\/)\S+$/.test(url) ? (
        <audio
          controls
          preload="none"
          src={url}
          className="mt-2 block w-full max-w-full"
          aria-label="Nghe thử bài nghe"
        />
      ) : null}
    </div>
  );
}
