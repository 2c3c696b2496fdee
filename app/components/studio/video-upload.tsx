/**
 * The video of a video lesson: the file is POSTed to the studio API with an upload progress bar,
 * then the transcoding job is polled (every 2 s) until it is ready or has failed.
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

function send(url: string, file: File, onProgress: (percent: number) => void): Promise<VideoState> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${url}?filename=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('content-type', file.type.startsWith('video/') ? file.type : 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      request.status === 200
        ? resolve((JSON.parse(request.responseText) as { data: VideoState }).data)
        : reject(new Error(errorOf(request.responseText, request.status)));
    request.onerror = () => reject(new Error(errorOf('', 0)));
    request.send(file);
  });
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
      setVideo(await send(url, file, setUpload));
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
