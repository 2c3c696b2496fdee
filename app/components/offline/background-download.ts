/**
 * Background Fetch of a lesson's video (issue 21, part 3; decision 0025), where the browser has it
 * (Chromium on Android and desktop): the page fetches the small files itself (licence, playlist,
 * poster, captions, quiz, document), then hands the segments — the same signed URLs the in-page
 * downloader would fetch — to the browser, which goes on when the page is left or closed and shows
 * its own progress ("Tải về: <bài học>"). The lesson's record in IndexedDB carries the plan (which
 * URL is kept under which `/offline-media/` key, the playlists to write last); the service worker
 * (public/sw-downloads.js) stores what arrived exactly as the in-page downloader does and marks the
 * record done. An open page follows the fetch's `progress` events.
 */
import {
  fetchOk,
  keepForOffline,
  storeCaptions,
  type DeviceFiles,
  type FileJob,
  type LessonPackage,
  type Progress,
} from './download-files';
import { offlineUrl } from './offline-flags';
import { getDownload, putDownload, refreshMirror, type BackgroundPlan, type DownloadRecord } from './offline-store';

/** The parts of the Background Fetch API used here (not in TypeScript's DOM library). */
interface BackgroundFetchRegistration extends EventTarget {
  readonly id: string;
  readonly downloaded: number;
  readonly downloadTotal: number;
  readonly result: '' | 'success' | 'failure';
  readonly failureReason: string;
  abort(): Promise<boolean>;
}

export interface BackgroundFetchManager {
  fetch(
    id: string,
    requests: Request[],
    options: { title: string; downloadTotal: number; icons: { src: string; sizes: string; type: string }[] },
  ): Promise<BackgroundFetchRegistration>;
  get(id: string): Promise<BackgroundFetchRegistration | undefined>;
}

/** A Background Fetch that stopped before the lesson was stored (the record stays `partial`). */
export class DownloadStopped extends Error {
  constructor(readonly cancelled: boolean) {
    super(cancelled ? 'cancelled' : 'failed');
  }
}

/** One per lesson and quality: the same download asked for again joins the running one. */
export function backgroundId(lessonId: number, height: number, audioOnly: boolean): string {
  return `kt-lesson-${lessonId}-${audioOnly ? 'audio' : `${height}p`}`;
}

/**
 * The browser's Background Fetch, when it has it and the worker in charge stores its results (an
 * older worker, from before public/sw-downloads.js, would let them go): asked once per page.
 */
let manager: Promise<BackgroundFetchManager | null> | null = null;
export function backgroundFetches(): Promise<BackgroundFetchManager | null> {
  manager ??= (async () => {
    const registration = await navigator.serviceWorker?.getRegistration('/');
    const fetches = (registration as { backgroundFetch?: BackgroundFetchManager } | undefined)?.backgroundFetch;
    const worker = registration?.active;
    if (!fetches || !worker) return null;
    const channel = new MessageChannel();
    const answered = new Promise<boolean>((resolve) => {
      channel.port1.onmessage = (event) =>
        resolve((event.data as { background_fetch?: boolean })?.background_fetch === true);
      setTimeout(() => resolve(false), 2_000);
    });
    worker.postMessage({ type: 'downloads-capabilities' }, [channel.port2]);
    return (await answered) ? fetches : null;
  })().catch(() => null);
  return manager;
}

export interface HandOver {
  record: DownloadRecord;
  /** Files still missing on the device: where each is kept and its signed source. */
  jobs: { key: string; source: string }[];
  type: string;
  /** The playlists, written by the worker once every file is stored. */
  finals: BackgroundPlan['finals'];
  /** Bytes already on the device, and at most how many the fetch brings. */
  stored: number;
  coming: number;
  onProgress: (stored: number, total: number) => void;
  signal?: AbortSignal | undefined;
}

/**
 * Starts the Background Fetch of the missing files, the plan saved first (the worker reads it when
 * the fetch ends). Null when the browser refuses (then the page downloads them itself).
 */
export async function handOver(
  fetches: BackgroundFetchManager,
  work: HandOver,
): Promise<{ finished: Promise<DownloadRecord> } | null> {
  const { record } = work;
  const height = record.quality;
  const plan: BackgroundPlan = {
    id: backgroundId(record.lesson_id, height, Boolean(record.audio_only)),
    files: work.jobs.map((job) => ({
      key: job.key,
      url: new URL(job.source, window.location.href).href,
      type: work.type,
    })),
    finals: work.finals,
  };
  const { stopped: _stopped, ...fresh } = record;
  await putDownload({ ...fresh, bytes: work.stored, background: plan, updated_at: Date.now() });
  try {
    const running = await fetches.fetch(
      plan.id,
      plan.files.map((file) => new Request(file.url, { credentials: 'same-origin' })),
      {
        title: `Tải về: ${record.title}`,
        // An upper bound (the rung's size counts its playlist too): the browser stops a fetch that
        // brings more than it announced.
        downloadTotal: Math.max(1, work.coming),
        icons: [{ src: '/icons/khai-tri-192.png', sizes: '192x192', type: 'image/png' }],
      },
    );
    // Wrapped: an async function returning the promise itself would wait for the whole download.
    return { finished: follow(running, record.lesson_id, work.stored, work.onProgress, work.signal) };
  } catch {
    await putDownload({ ...fresh, bytes: work.stored, updated_at: Date.now() });
    return null;
  }
}

/** The running Background Fetch of this lesson's plan, if any (then a new "Tải về" joins it). */
export async function runningFetch(
  fetches: BackgroundFetchManager,
  record: DownloadRecord | undefined,
): Promise<BackgroundFetchRegistration | null> {
  if (!record?.background) return null;
  const running = await fetches.get(record.background.id).catch(() => undefined);
  return running && running.result === '' ? running : null;
}

/**
 * Follows a Background Fetch from the page: its progress, then the record once the worker has
 * stored everything (done), or its stop (failed, cancelled).
 */
export function follow(
  running: BackgroundFetchRegistration,
  lessonId: number,
  storedBefore: number,
  onProgress: (stored: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DownloadRecord> {
  return new Promise<DownloadRecord>((resolve, reject) => {
    let settledAt = 0;
    const report = () => onProgress(storedBefore + running.downloaded, storedBefore + running.downloadTotal);
    const stop = () => {
      running.removeEventListener('progress', onEvent);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      window.clearInterval(timer);
    };
    const check = async () => {
      const record = await getDownload(lessonId).catch(() => undefined);
      if (record?.status === 'done') {
        stop();
        await refreshMirror();
        onProgress(record.bytes, record.bytes);
        resolve(record);
      } else if (!record || record.stopped || !record.background) {
        stop();
        await refreshMirror();
        reject(new DownloadStopped(record?.stopped === 'cancelled' || running.failureReason === 'aborted'));
      } else if (running.result === 'failure' && Date.now() - (settledAt ||= Date.now()) > 15_000) {
        // The worker never said (it was replaced meanwhile): what arrived is lost, the record stays partial.
        stop();
        reject(new DownloadStopped(running.failureReason === 'aborted'));
      }
    };
    const onEvent = () => {
      report();
      if (running.result !== '') void check();
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; lesson_id?: number } | null;
      if (data?.type === 'download-updated' && data.lesson_id === lessonId) void check();
    };
    running.addEventListener('progress', onEvent);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    // The worker's message may come before this page listens, or not at all (a page it does not control).
    const timer = window.setInterval(() => {
      if (running.result !== '') void check();
    }, 1_000);
    signal?.addEventListener('abort', () => void running.abort());
    report();
  });
}

/**
 * The video through Background Fetch: the poster and captions (small) by the page, then the
 * segments not yet on the device handed to the browser. Null when the browser refuses it.
 */
export async function handOverVideo(
  fetches: BackgroundFetchManager,
  lesson: LessonPackage,
  work: {
    record: DownloadRecord;
    jobs: FileJob[];
    finals: { key: string; body: string; type: string }[];
    total: number;
  },
  files: DeviceFiles,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<{ finished: Promise<DownloadRecord> } | null> {
  const before = files.stored();
  const poster = offlineUrl(lesson.lesson_id, 'poster.jpg');
  if (!(await files.count(poster))) {
    const response = await fetchOk(lesson.video!.poster_url, signal).catch(() => null);
    if (response) await files.keep(poster, await response.arrayBuffer(), 'image/jpeg');
  }
  await storeCaptions(lesson.lesson_id, lesson.video!.captions ?? [], files, signal);
  const beforeSegments = files.stored();
  const missing: FileJob[] = [];
  for (const job of work.jobs) if (!(await files.count(job.key))) missing.push(job);
  const coming = work.total - (files.stored() - beforeSegments);
  const handed = await handOver(fetches, {
    record: work.record,
    jobs: missing,
    type: 'video/mp2t',
    finals: work.finals,
    stored: files.stored(),
    coming,
    onProgress,
    signal,
  });
  if (handed) keepForOffline();
  else files.recount(before);
  return handed;
}
