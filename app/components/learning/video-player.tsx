/**
 * The lesson video: HLS through hls.js where Media Source Extensions exist (loaded only here, on
 * demand), native HLS elsewhere (iOS Safari), plain files as they are. A quality menu (Tự động +
 * each rung), speed, captions, keyboard shortcuts, resume at the saved second, and a per-device
 * data saver that caps quality at 360p.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { attachSource, isHlsUrl, preloadHlsFor, type HlsHandle } from './hls-loader';
import { onDownloadActivity } from '../offline/download-activity';

export const DATA_SAVER_KEY = 'kt_data_saver';
export const DATA_SAVER_MAX_HEIGHT = 360;
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const SEEK_STEP = 5;

export interface VideoPlayerProps {
  src: string;
  poster?: string | null;
  captions?: { lang: string; label: string; url: string }[];
  /** Where to start (the saved resume point). */
  startAt?: number;
  /** Every timeupdate, pause and end: the position and whether the video is playing. */
  onTime?: (event: { position: number; playing: boolean; kind: 'tick' | 'pause' | 'ended' }) => void;
  /** Gives the parent control (notes' timestamps). */
  videoRef?: (element: HTMLVideoElement | null) => void;
}

function readDataSaver(): boolean {
  try {
    return window.localStorage.getItem(DATA_SAVER_KEY) === '1';
  } catch {
    return false;
  }
}

// The data saver is a per-device preference (localStorage), shared by every player on the page.
const dataSaverListeners = new Set<() => void>();
function subscribeDataSaver(listener: () => void) {
  dataSaverListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    dataSaverListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
function writeDataSaver(on: boolean) {
  try {
    window.localStorage.setItem(DATA_SAVER_KEY, on ? '1' : '0');
  } catch {
    // Private mode: nothing is kept.
  }
  dataSaverListeners.forEach((listener) => listener());
}

/** Keys a focused control keeps (typing, choosing, pressing its own button). */
function isOwnControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName);
}

export function VideoPlayer({ src, poster, captions = [], startAt = 0, onTime, videoRef }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const hls = useRef<HlsHandle | null>(null);
  const [levels, setLevels] = useState<{ index: number; height: number }[]>([]);
  const [quality, setQuality] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const dataSaver = useSyncExternalStore(subscribeDataSaver, readDataSaver, () => false);
  const [failed, setFailed] = useState(false);
  const onTimeRef = useRef(onTime);
  useEffect(() => {
    onTimeRef.current = onTime;
  });
  // The resume point of this mount (the parent remounts per lesson): later saves must not restart the video.
  const startRef = useRef(startAt);
  // The learner's resume point may arrive after the player (the study page's shared frame): taken
  // while the video has not started, ignored once it has.
  useEffect(() => {
    startRef.current = startAt;
    const element = video.current;
    if (!element || !element.paused || element.currentTime > 0 || element.readyState < 1) return;
    if (startAt > 0 && Number.isFinite(element.duration) && startAt < element.duration - 3)
      element.currentTime = startAt;
  }, [startAt]);
  // Once per mount, during hydration: the player's script starts downloading before the effects run.
  useState(() => preloadHlsFor(src));

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    attachSource(element, src, {
      maxHeight: readDataSaver() ? DATA_SAVER_MAX_HEIGHT : null,
      onFatal: () => setFailed(true),
    })
      .then((handle) => {
        if (cancelled) return handle?.destroy();
        hls.current = handle;
        setLevels(handle?.levels() ?? []);
        handle?.onLevels(() => setLevels(handle.levels()));
      })
      .catch(() => setFailed(true));
    const resume = () => {
      const start = startRef.current;
      if (start > 0 && Number.isFinite(element.duration) && start < element.duration - 3) element.currentTime = start;
    };
    element.addEventListener('loadedmetadata', resume, { once: true });
    return () => {
      cancelled = true;
      element.removeEventListener('loadedmetadata', resume);
      hls.current?.destroy();
      hls.current = null;
    };
  }, [src]);

  useEffect(() => {
    hls.current?.capHeight(dataSaver ? DATA_SAVER_MAX_HEIGHT : null);
  }, [dataSaver, levels]);

  // While a lesson downloads, a video not being watched stops buffering: the link is the download's.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let downloading = false;
    let paused = false;
    const resume = () => {
      if (!paused) return;
      paused = false;
      hls.current?.resumeLoading();
    };
    const stopDownloads = onDownloadActivity((active) => {
      downloading = active;
      if (active && element.paused && hls.current) {
        paused = true;
        hls.current.pauseLoading();
      } else if (!active) resume();
    });
    const onPlay = () => {
      if (downloading) resume();
    };
    element.addEventListener('play', onPlay);
    return () => {
      stopDownloads();
      element.removeEventListener('play', onPlay);
    };
  }, [src]);

  function toggleDataSaver(on: boolean) {
    writeDataSaver(on);
    if (on && quality >= 0 && (levels.find((level) => level.index === quality)?.height ?? 0) > DATA_SAVER_MAX_HEIGHT) {
      chooseQuality(-1);
    }
  }

  function chooseQuality(index: number) {
    setQuality(index);
    hls.current?.setLevel(index);
  }

  function chooseSpeed(value: number) {
    setSpeed(value);
    if (video.current) video.current.playbackRate = value;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const element = video.current;
    if (!element || event.altKey || event.ctrlKey || event.metaKey || isOwnControl(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') {
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    } else if (key === 'arrowleft') element.currentTime = Math.max(0, element.currentTime - SEEK_STEP);
    else if (key === 'arrowright')
      element.currentTime = Math.min(element.duration || Infinity, element.currentTime + SEEK_STEP);
    else if (key === 'm') element.muted = !element.muted;
    else if (key === 'f') {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void frame.current?.requestFullscreen?.().catch(() => undefined);
    } else return;
    event.preventDefault();
  }

  const report = (kind: 'tick' | 'pause' | 'ended') => {
    const element = video.current;
    if (element) onTimeRef.current?.({ position: element.currentTime, playing: !element.paused, kind });
  };

  return (
    <div className="overflow-hidden rounded-xl bg-black">
      <div
        ref={frame}
        tabIndex={0}
        onKeyDown={onKeyDown}
        role="group"
        aria-label="Trình phát video. Phím tắt: Space hoặc K phát/dừng, ← → tua 5 giây, F toàn màn hình, M tắt tiếng"
        className="relative outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        {isHlsUrl(src) ? (
          // Hoisted into the document's head by React: the master playlist is fetched while the
          // page's scripts download, not after hydration, and hls.js's request (same URL, same
          // CORS mode) is answered from the preload. A few hundred bytes the player asks for anyway.
          <link rel="preload" href={src} as="fetch" crossOrigin="anonymous" />
        ) : null}
        <video
          ref={(element) => {
            video.current = element;
            videoRef?.(element);
          }}
          className="aspect-video w-full bg-black"
          controls
          playsInline
          preload="metadata"
          poster={poster ?? undefined}
          crossOrigin={captions.length > 0 ? 'anonymous' : undefined}
          data-testid="lesson-video"
          onTimeUpdate={() => report('tick')}
          onPause={() => report('pause')}
          onEnded={() => report('ended')}
          onError={() => setFailed(true)}
          onRateChange={(event) => setSpeed(event.currentTarget.playbackRate)}
        >
          {captions.map((caption, index) => (
            <track
              key={caption.url}
              kind="subtitles"
              src={caption.url}
              srcLang={caption.lang}
              label={caption.label}
              default={index === 0}
            />
          ))}
        </video>
        {failed ? (
          <p role="alert" className="absolute inset-x-0 top-0 bg-red-900/90 px-3 py-2 text-sm text-white">
            Không phát được video. Hãy kiểm tra kết nối mạng rồi tải lại trang.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-slate-900 px-3 py-2 text-sm text-slate-200">
        <label className="flex items-center gap-1">
          Chất lượng
          <select
            className="min-h-10 rounded bg-slate-800 px-2"
            value={quality}
            onChange={(event) => chooseQuality(Number(event.target.value))}
          >
            <option value={-1}>Tự động</option>
            {[...levels].reverse().map((level) => (
              <option
                key={level.index}
                value={level.index}
                disabled={dataSaver && level.height > DATA_SAVER_MAX_HEIGHT}
              >
                {level.height}p
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          Tốc độ
          <select
            className="min-h-10 rounded bg-slate-800 px-2"
            value={speed}
            onChange={(event) => chooseSpeed(Number(event.target.value))}
          >
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value === 1 ? 'Bình thường' : `${value}×`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-10 items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0"
            checked={dataSaver}
            onChange={(event) => toggleDataSaver(event.target.checked)}
          />
          Tiết kiệm dữ liệu (tối đa 360p)
        </label>
      </div>
    </div>
  );
}
