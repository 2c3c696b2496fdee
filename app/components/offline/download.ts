/**
 * Downloading a lesson onto the device (issue 21, part 3), loaded only when the learner asks: the
 * lesson's sizes (`lesson.json`), a licence for this device (`licence.json`), then its files — the
 * chosen rung's playlist and segments through the same signed, access-checked URLs as the player,
 * the poster, the quiz's questions (never answers), the document — into a Cache Storage cache named
 * after the licence, under `/offline-media/{lesson}/…` addresses only the service worker answers.
 * A download left half-way (closed tab, lost network) resumes: files already stored are skipped.
 * Where the browser has Background Fetch, the video's segments are handed to it instead
 * (background-download.ts): the download goes on when the page is left.
 */
import { callApi } from '../learning/api-client';
import type { Quiz } from '../learning/quiz-types';
import { deviceId, offlineUrl, onWifi, wifiOnly } from './offline-flags';
import { getDownload, putDownload, type DownloadRecord } from './offline-store';
import { beginDownload } from './download-activity';
import { backgroundFetches, follow, handOverVideo, runningFetch } from './background-download';
import {
  AUDIO_ONLY,
  DownloadRefused,
  fetchOk,
  keepForOffline,
  masterPlaylist,
  put,
  segmentJobs,
  storeCaptions,
  type DeviceFiles,
  type FileJob,
  type LessonExtras,
  type LessonPackage,
  type Progress,
} from './download-files';

export { DownloadStopped } from './background-download';
export { AUDIO_ONLY, DownloadRefused, type Caption, type LessonExtras, type LessonPackage } from './download-files';

/**
 * Segments fetched at once: the browser's own limit per host. On mobile data (150 ms a round trip)
 * every request starts with a wait; with six in flight the others keep the link full meanwhile.
 */
const PARALLEL = 6;
const CACHE_PREFIX = 'khai-tri-download-';

export function packageOf(lessonId: number): Promise<LessonPackage> {
  return callApi<LessonPackage>(`/api/user/offline/lesson.json?lesson_id=${lessonId}`).then((result) => result.data);
}

/** The default quality: 360p (240p when the learner saves data), else the nearest rung below. */
export function defaultQuality(heights: number[], saveData: boolean): number {
  const target = saveData ? 240 : 360;
  const below = heights.filter((height) => height <= target);
  if (heights.length === 0) return 0;
  return below.length > 0 ? Math.max(...below) : Math.min(...heights);
}

/** Asks the browser to keep the downloads under storage pressure (granted silently by most). */
export async function requestPersistence(): Promise<boolean> {
  try {
    return (await navigator.storage?.persisted?.()) || ((await navigator.storage?.persist?.()) ?? false);
  } catch {
    return false;
  }
}

function licenceId(licence: string): string {
  const body = licence.split('.')[1] ?? '';
  const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as { l: string };
  return claims.l.replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * Downloads (or resumes) one lesson at a quality (a rung's height, or AUDIO_ONLY; ignored without a video). The
 * record in IndexedDB says `partial` until every file is stored, then `done`.
 */
export async function downloadLesson(
  lesson: LessonPackage,
  quality: number,
  extras: LessonExtras,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<DownloadRecord> {
  return (await startDownload(lesson, quality, extras, onProgress, signal)).finished;
}

/** A download under way: `background` when the browser's Background Fetch carries it on. */
export interface StartedDownload {
  background: boolean;
  finished: Promise<DownloadRecord>;
}

/**
 * Starts (or resumes) a download: answers once the page's part is done — the whole download, or,
 * with Background Fetch, up to the handover (a course hands every lesson over before waiting).
 */
export async function startDownload(
  lesson: LessonPackage,
  quality: number,
  extras: LessonExtras,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<StartedDownload> {
  // The link is the download's while it runs: a video on the page not being watched stops buffering.
  const ended = beginDownload();
  try {
    const started = await storeLesson(lesson, quality, extras, onProgress, signal);
    started.finished.then(ended, ended);
    return started;
  } catch (error) {
    ended();
    throw error;
  }
}

/** The lesson's Background Fetch still running (a page opened again while it runs follows it). */
export async function followRunning(lessonId: number, onProgress: Progress): Promise<DownloadRecord | null> {
  const fetches = await backgroundFetches();
  const record = await getDownload(lessonId);
  const running = fetches ? await runningFetch(fetches, record) : null;
  return running && record ? follow(running, lessonId, record.bytes, onProgress) : null;
}

async function storeLesson(
  lesson: LessonPackage,
  quality: number,
  extras: LessonExtras,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<StartedDownload> {
  if (wifiOnly() && !onWifi())
    throw new DownloadRefused('Bạn đã chọn chỉ tải qua Wi-Fi. Hãy kết nối Wi-Fi rồi tải lại.');
  const fetches = lesson.video ? await backgroundFetches() : null;
  if (fetches) {
    // Asked again while the browser still fetches it: the page follows that fetch, nothing twice.
    const previous = await getDownload(lesson.lesson_id);
    const running = await runningFetch(fetches, previous);
    if (running && previous)
      return { background: true, finished: follow(running, lesson.lesson_id, previous.bytes, onProgress, signal) };
  }
  void requestPersistence();
  const granted = await callApi<{ licence: string; expires_at: string }>('/api/user/offline/licence.json', {
    method: 'POST',
    body: { lesson_id: lesson.lesson_id, device_id: deviceId() },
  });
  const previous = await getDownload(lesson.lesson_id);
  const audioOnly = quality === AUDIO_ONLY && Boolean(lesson.video?.audio);
  const rung = audioOnly
    ? { ...lesson.video!.audio!, height: AUDIO_ONLY }
    : (lesson.video?.rungs.find((candidate) => candidate.height === quality) ?? null);
  const cacheName =
    previous &&
    previous.quality === (rung?.height ?? 0) &&
    Boolean(previous.audio_only) === audioOnly &&
    previous.status === 'partial'
      ? previous.cache
      : `${CACHE_PREFIX}${lesson.lesson_id}-${licenceId(granted.data.licence)}`;
  if (previous && previous.cache !== cacheName) await caches.delete(previous.cache);
  const cache = await caches.open(cacheName);
  const record: DownloadRecord = {
    lesson_id: lesson.lesson_id,
    course_id: lesson.course_id,
    course_slug: lesson.course_slug,
    course_title: lesson.course_title,
    title: lesson.title,
    content_type: lesson.content_type,
    quality: rung?.height ?? 0,
    audio_only: audioOnly,
    bytes: 0,
    total_bytes: rung?.bytes ?? 0,
    status: 'partial',
    licence: granted.data.licence,
    expires_at: granted.data.expires_at,
    cache: cacheName,
    updated_at: Date.now(),
  };
  await putDownload(record);

  let stored = 0;
  const total = () => Math.max(record.total_bytes, stored);
  const count = async (key: string) => {
    const kept = await cache.match(key);
    if (!kept) return false;
    const size = (await kept.arrayBuffer()).byteLength;
    stored += size;
    return true;
  };
  // The size is added once the write is done: `stored += await …` would add to a total read
  // before the wait, losing what the other writes added meanwhile.
  const keep = async (key: string, body: ArrayBuffer | string, type: string) => {
    const size = await put(cache, key, body, type);
    stored += size;
  };
  const files: DeviceFiles = {
    count,
    keep,
    stored: () => stored,
    recount: (bytes) => {
      stored = bytes;
    },
  };

  if (lesson.content_type === 'exam') {
    const key = offlineUrl(lesson.lesson_id, 'quiz.json');
    const quiz = await callApi<Quiz>(
      `/api/user/lesson/quiz.json?lesson_id=${lesson.lesson_id}`,
      signal ? { signal } : {},
    );
    const { attempts: _attempts, open_attempt: _open, ...questionsOnly } = quiz.data;
    await keep(key, JSON.stringify(questionsOnly), 'application/json');
  }
  if (extras.document_url && !(await count(offlineUrl(lesson.lesson_id, 'document')))) {
    const response = await fetchOk(extras.document_url, signal);
    await keep(
      offlineUrl(lesson.lesson_id, 'document'),
      await response.arrayBuffer(),
      response.headers.get('content-type') ?? 'application/octet-stream',
    );
  }
  if (lesson.video && rung) {
    const playlist = await (await fetchOk(rung.playlist_url, signal)).text();
    const { text, jobs } = segmentJobs(lesson.lesson_id, playlist);
    const playlistType = 'application/vnd.apple.mpegurl';
    // The playlists last: a lesson whose playlist is stored has every segment.
    const finals = [
      { key: offlineUrl(lesson.lesson_id, 'index.m3u8'), body: text, type: playlistType },
      {
        key: offlineUrl(lesson.lesson_id, 'master.m3u8'),
        body: masterPlaylist(rung.height, rung.bytes, lesson.video.duration_seconds),
        type: playlistType,
      },
    ];
    if (fetches) {
      const handed = await handOverVideo(
        fetches,
        lesson,
        { record, jobs, finals, total: rung.bytes },
        files,
        onProgress,
        signal,
      );
      if (handed) return { background: true, finished: handed.finished };
    }
    const posterUrl = lesson.video.poster_url;
    const poster = offlineUrl(lesson.lesson_id, 'poster.jpg');
    // The poster comes alongside the segments, not ahead of them (a missing one is no failure).
    const posterDone = count(poster).then(async (kept) => {
      if (kept) return;
      const response = await fetchOk(posterUrl, signal).catch(() => null);
      if (response) await keep(poster, await response.arrayBuffer(), 'image/jpeg');
    });
    let next = 0;
    let lastSaved = Date.now();
    const store = async (job: FileJob, body: ArrayBuffer) => {
      await keep(job.key, body, 'video/mp2t');
      onProgress(stored, total());
      if (Date.now() - lastSaved > 2_000) {
        lastSaved = Date.now();
        await putDownload({ ...record, bytes: stored, updated_at: lastSaved });
      }
    };
    const writes: Promise<void>[] = [];
    let writeFailed: { error: unknown } | null = null;
    // Each request's slot asks for the next segment as soon as its body is in; the write into
    // Cache Storage goes on meanwhile, so the link never waits for the disk.
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next]!;
        next += 1;
        if (writeFailed) throw writeFailed.error;
        if (await count(job.key)) {
          onProgress(stored, total());
          continue;
        }
        const body = await (await fetchOk(job.source, signal)).arrayBuffer();
        writes.push(
          store(job, body).catch((error: unknown) => {
            writeFailed ??= { error };
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
    await Promise.all([...writes, posterDone]);
    if (writeFailed) throw (writeFailed as { error: unknown }).error;
    await storeCaptions(lesson.lesson_id, lesson.video.captions ?? [], { count, keep }, signal);
    for (const final of finals) await keep(final.key, final.body, final.type);
  }
  keepForOffline();
  const finished: DownloadRecord = {
    ...record,
    bytes: stored,
    total_bytes: stored,
    status: 'done',
    updated_at: Date.now(),
  };
  await putDownload(finished);
  onProgress(stored, stored);
  return { background: false, finished: Promise.resolve(finished) };
}
