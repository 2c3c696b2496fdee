/**
 * The video of a video lesson: the file is sent in resumable chunks (up to several GB) with an
 * upload progress bar, then the transcoding job is polled (every 2 s) until it is ready or has
 * failed. A replaced video keeps playing for learners until the new one is ready.
 */
import { useEffect, useId, useState } from 'react';

interface VideoState {
  asset_id: number | null;
  status: string;
  progress_percent: number;
  error: string | null;
}

const STATUS_TEXT: Record<string, string> = {
  none: 'Chưa có video.',
  queued: 'Đang chờ chuyển mã…',
  processing: 'Đang chuyển mã',
  ready: 'Video đã sẵn sàng.',
  failed: 'Chuyển mã thất bại',
};

function errorOf(body: string, status: number): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
    if (message) return message;
  } catch {
    // not JSON: fall through
  }
  return status === 0 ? 'Mất kết nối khi tải video lên. Vui lòng thử lại.' : 'Không tải được video lên.';
}

/** Chunks of 8 MB; a broken chunk is retried from the offset the server reports. */
const CHUNK = 8 * 1024 * 1024;
const RETRIES = 5;

interface UploadState {
  upload_id: string;
  size: number;
  offset: number;
  complete: boolean;
  asset_id: number | null;
}

function sendChunk(url: string, offset: number, chunk: Blob, onProgress: (sent: number) => void): Promise<UploadState> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PATCH', `${url}?offset=${offset}`);
    request.setRequestHeader('content-type', 'application/offset+octet-stream');
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      request.status === 200
        ? resolve((JSON.parse(request.responseText) as { data: UploadState }).data)
        : reject(Object.assign(new Error(errorOf(request.responseText, request.status)), { status: request.status }));
    request.onerror = () => reject(Object.assign(new Error(errorOf('', 0)), { status: 0 }));
    request.send(chunk);
  });
}

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(errorOf(body, response.status));
  return (JSON.parse(body) as { data: T }).data;
}

/**
 * A resumable upload: the session id is kept in this browser (per lesson and file), so choosing
 * the same file again after a reload or a dropped connection goes on from the bytes already sent.
 */
async function send(base: string, lessonId: number, file: File, onProgress: (percent: number) => void) {
  const memory = `khai-tri.upload.${lessonId}.${file.name}.${file.size}.${file.lastModified}`;
  let state: UploadState | null = null;
  const saved = window.localStorage.getItem(memory);
  if (saved) {
    const response = await fetch(`${base}/${saved}.json`, { credentials: 'same-origin' });
    if (response.ok) state = await json<UploadState>(response);
  }
  if (!state || state.complete) {
    state = await json<UploadState>(
      await fetch(`${base}.json`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filename: file.name, size: file.size }),
      }),
    );
    window.localStorage.setItem(memory, state.upload_id);
  }
  const url = `${base}/${state.upload_id}.json`;
  let failures = 0;
  while (!state.complete) {
    const from: number = state.offset;
    onProgress(Math.floor((from / file.size) * 100));
    try {
      state = await sendChunk(url, from, file.slice(from, from + CHUNK), (sent) =>
        onProgress(Math.floor(((from + sent) / file.size) * 100)),
      );
      failures = 0;
    } catch (failure) {
      const status = (failure as { status?: number }).status ?? 0;
      if ((status !== 0 && status !== 409 && status < 500) || ++failures > RETRIES) throw failure;
      await new Promise((resolve) => window.setTimeout(resolve, 1_000 * failures));
      // Ask where to go on from (the chunk may have arrived, or part of it).
      state = await json<UploadState>(await fetch(url, { credentials: 'same-origin' }));
    }
  }
  window.localStorage.removeItem(memory);
  onProgress(100);
  return state;
}

function Bar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="mt-2">
      <p className="text-sm text-slate-700">
        {label} {percent}%
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function VideoUpload({
  courseId,
  lesson,
}: {
  courseId: number;
  lesson: { id: number; video: VideoState | null };
}) {
  const url = `/api/admin/courses/${courseId}/lessons/${lesson.id}/video.json`;
  const uploads = `/api/admin/courses/${courseId}/lessons/${lesson.id}/uploads`;
  const inputId = useId();
  const [video, setVideo] = useState<VideoState>(
    lesson.video ?? { asset_id: null, status: 'none', progress_percent: 0, error: null },
  );
  const [upload, setUpload] = useState<number | null>(null);
  const [error, setError] = useState('');
  const pending = video.status === 'queued' || video.status === 'processing';

  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.ok) setVideo(((await response.json()) as { data: VideoState }).data);
      } catch {
        // a dropped poll is retried on the next tick
      }
    }, 2_000);
    return () => window.clearInterval(timer);
  }, [pending, url]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError('');
    setUpload(0);
    try {
      const done = await send(uploads, lesson.id, file, setUpload);
      setVideo({ asset_id: done.asset_id, status: 'queued', progress_percent: 0, error: null });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setUpload(null);
    }
  }

  return (
    <div className="mt-2 rounded-xl border border-slate-200 bg-white p-2 text-sm" data-testid="video-upload">
      <label htmlFor={inputId} className="mb-1 block font-medium text-slate-800">
        Tệp video (MP4, MOV…)
      </label>
      <input
        id={inputId}
        type="file"
        accept="video/*"
        disabled={upload !== null}
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      {upload !== null ? <Bar percent={upload} label="Đang tải lên" /> : null}
      {pending && lesson.video?.status === 'ready' ? (
        <p className="mt-1 text-slate-600">Học viên vẫn xem video cũ cho tới khi video mới sẵn sàng.</p>
      ) : null}
      <div role="status" aria-live="polite">
        {video.status === 'processing' ? (
          <Bar percent={video.progress_percent} label="Đang chuyển mã" />
        ) : (
          <p className={`mt-2 ${video.status === 'failed' ? 'text-red-700' : 'text-slate-700'}`}>
            {STATUS_TEXT[video.status] ?? video.status}
            {video.status === 'failed' && video.error ? `: ${video.error}` : ''}
          </p>
        )}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
