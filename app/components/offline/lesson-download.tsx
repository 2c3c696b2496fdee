/**
 * "Tải về" under a lesson (issue 21, parts 3 and 6): the qualities with their sizes, "Chỉ tải qua
 * Wi-Fi" where the browser tells the connection type, the device's free space, progress, and the
 * state of this lesson's download (done, half-way: "Tiếp tục tải"). The download code
 * (download.ts) is loaded only when the learner opens the choice.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatBytes } from '../../../lib/format/bytes';
import { ApiFailure, messageOf } from '../learning/api-client';
import type { LessonPackage } from './download';
/** The choice "Chỉ âm thanh" (download.ts's AUDIO_ONLY, not imported: that would load the download code). */
const AUDIO_ONLY = 0;
import {
  isDownloaded,
  knowsConnectionType,
  savingData,
  setWifiOnly,
  subscribeOffline,
  wifiOnly,
} from './offline-flags';

export const loadDownloads = () => import('./download');

type Phase =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'choosing'; pkg: LessonPackage; quality: number; quota: string | null }
  | { kind: 'downloading'; stored: number; total: number }
  | { kind: 'done'; bytes: number }
  | { kind: 'error'; message: string };

/** "Còn trống 1,2 GB trên máy" from the browser's storage estimate; null when it does not say. */
export async function quotaText(): Promise<string | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return null;
  return `Đã dùng ${formatBytes(estimate.usage ?? 0)} / còn trống ${formatBytes(Math.max(0, estimate.quota - (estimate.usage ?? 0)))} trên máy`;
}

/** What to tell the learner when a download stops. */
export async function downloadFailure(error: unknown): Promise<string> {
  const { DownloadRefused, DownloadStopped } = await loadDownloads();
  if (error instanceof DownloadRefused) return error.message;
  if (error instanceof DownloadStopped && error.cancelled)
    return 'Đã hủy tải về. Phần đã tải được giữ lại: bấm "Tải về" để tải tiếp.';
  if (error instanceof ApiFailure && error.status !== 0) return error.message;
  return 'Tải về bị gián đoạn (mất mạng?). Phần đã tải được giữ lại: bấm "Tải về" để tải tiếp khi có mạng.';
}

export function WifiOnlySetting() {
  const on = useSyncExternalStore(subscribeOffline, wifiOnly, () => false);
  const known = useSyncExternalStore(subscribeOffline, knowsConnectionType, () => false);
  if (!known) return null;
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm">
      <input type="checkbox" className="h-5 w-5" checked={on} onChange={(event) => setWifiOnly(event.target.checked)} />
      Chỉ tải qua Wi-Fi
    </label>
  );
}

export function LessonDownload({ lessonId, documentUrl }: { lessonId: number; documentUrl: string | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });
  const downloaded = useSyncExternalStore(
    subscribeOffline,
    () => isDownloaded(lessonId),
    () => false,
  );
  const [partial, setPartial] = useState(false);

  useEffect(() => {
    // A download left half-way shows "Tiếp tục tải" (the store is read only on devices that downloaded).
    if (downloaded || typeof indexedDB === 'undefined' || !window.localStorage.getItem('kt_device_id')) return;
    let alive = true;
    void import('./offline-store')
      .then((store) => store.getDownload(lessonId))
      .then(async (record) => {
        setPartial(record?.status === 'partial');
        // Handed to Background Fetch and still running (the page was left meanwhile): its progress.
        if (!record?.background || !alive) return;
        const { followRunning } = await loadDownloads();
        const finished = await followRunning(lessonId, (stored, total) => {
          if (alive) setPhase({ kind: 'downloading', stored, total });
        });
        if (finished && alive) {
          setPartial(false);
          setPhase({ kind: 'done', bytes: finished.bytes });
        }
      })
      .catch(async (error: unknown) => {
        if (alive) setPhase({ kind: 'error', message: await downloadFailure(error) });
      });
    return () => {
      alive = false;
    };
  }, [lessonId, downloaded]);

  async function open() {
    setPhase({ kind: 'loading' });
    try {
      const { packageOf, defaultQuality } = await loadDownloads();
      const pkg = await packageOf(lessonId);
      const heights = pkg.video?.rungs.map((rung) => rung.height) ?? [];
      setPhase({ kind: 'choosing', pkg, quality: defaultQuality(heights, savingData()), quota: await quotaText() });
    } catch (error) {
      setPhase({ kind: 'error', message: messageOf(error) });
    }
  }

  async function start(pkg: LessonPackage, quality: number) {
    setPhase({ kind: 'downloading', stored: 0, total: 0 });
    try {
      const { downloadLesson } = await loadDownloads();
      const record = await downloadLesson(pkg, quality, { document_url: documentUrl }, (stored, total) =>
        setPhase({ kind: 'downloading', stored, total }),
      );
      setPartial(false);
      setPhase({ kind: 'done', bytes: record.bytes });
    } catch (error) {
      setPartial(true);
      setPhase({ kind: 'error', message: await downloadFailure(error) });
    }
  }

  async function remove() {
    const store = await import('./offline-store');
    await store.removeDownload(lessonId);
    setPhase({ kind: 'closed' });
  }

  return (
    <section
      aria-label="Tải bài học về máy"
      className="rounded-xl border border-slate-700 bg-slate-900 p-3 text-sm text-slate-200"
    >
      <div className="flex flex-wrap items-center gap-2">
        {downloaded && phase.kind !== 'downloading' ? (
          <>
            <span className="font-semibold text-emerald-300" data-testid="lesson-downloaded">
              ✓ Đã tải về máy
            </span>
            <button
              type="button"
              className="min-h-10 rounded-lg border border-slate-600 px-3"
              onClick={() => void remove()}
            >
              Xóa bản tải về
            </button>
          </>
        ) : phase.kind === 'closed' || phase.kind === 'error' ? (
          <button
            type="button"
            className="min-h-10 rounded-lg bg-slate-700 px-3 font-semibold"
            onClick={() => void open()}
          >
            {partial ? 'Tải về tiếp (đã tải một phần)' : 'Tải về để học không cần mạng'}
          </button>
        ) : null}
      </div>
      {phase.kind === 'loading' ? <p role="status">Đang xem dung lượng…</p> : null}
      {phase.kind === 'error' ? (
        <p role="alert" className="mt-2 text-amber-300">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'choosing' ? (
        <form
          className="mt-2 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void start(phase.pkg, phase.quality);
          }}
        >
          {phase.pkg.video && phase.pkg.video.rungs.length > 0 ? (
            <fieldset>
              <legend className="mb-1 font-semibold">Chất lượng video</legend>
              {phase.pkg.video.rungs.map((rung) => (
                <label key={rung.height} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    name={`chat-luong-${lessonId}`}
                    className="h-5 w-5"
                    checked={phase.quality === rung.height}
                    onChange={() => setPhase({ ...phase, quality: rung.height })}
                  />
                  {rung.height}p · {formatBytes(rung.bytes)}
                </label>
              ))}
              {phase.pkg.video.audio ? (
                <label className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    name={`chat-luong-${lessonId}`}
                    className="h-5 w-5"
                    checked={phase.quality === AUDIO_ONLY}
                    onChange={() => setPhase({ ...phase, quality: AUDIO_ONLY })}
                  />
                  Chỉ âm thanh · {formatBytes(phase.pkg.video.audio.bytes)}
                </label>
              ) : null}
            </fieldset>
          ) : (
            <p>Nội dung của bài (không có video để tải).</p>
          )}
          <WifiOnlySetting />
          {phase.quota ? <p className="text-slate-400">{phase.quota}</p> : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary">
              Bắt đầu tải
            </button>
            <button
              type="button"
              className="min-h-10 rounded-lg border border-slate-600 px-3"
              onClick={() => setPhase({ kind: 'closed' })}
            >
              Hủy
            </button>
          </div>
        </form>
      ) : null}
      {phase.kind === 'downloading' ? (
        <div className="mt-2" role="status">
          <progress
            className="w-full"
            aria-label="Tiến độ tải về"
            max={Math.max(1, phase.total)}
            value={phase.stored}
          />
          <p>
            Đang tải về… {formatBytes(phase.stored)}
            {phase.total > 0 ? ` / ${formatBytes(phase.total)}` : ''}
          </p>
        </div>
      ) : null}
      {phase.kind === 'done' ? (
        <p role="status" className="mt-2 text-emerald-300">
          Đã tải về {formatBytes(phase.bytes)}. Bạn có thể học bài này khi không có mạng.
        </p>
      ) : null}
    </section>
  );
}
