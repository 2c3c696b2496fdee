/**
 * Downloading a lesson onto the device (issue 21, part 3), loaded only when the learner asks: the
 * lesson's sizes (`lesson.json`), a licence for this device (`licence.json`), then its files — the
 * chosen rung's playlist and segments through the same signed, access-checked URLs as the player,
 * the poster, the quiz's questions (never answers), the document — into a Cache Storage cache named
 * after the licence, under `/offline-media/{lesson}/…` addresses only the service worker answers.
 * A download left half-way (closed tab, lost network) resumes: files already stored are skipped.
 */
import { callApi } from '../learning/api-client';
import type { Quiz } from '../learning/quiz-types';
import { captionFile, deviceId, offlineUrl, onWifi, wifiOnly } from './offline-flags';
import { getDownload, putDownload, type DownloadRecord } from './offline-store';
import { beginDownload } from './download-activity';

export interface LessonPackage {
  lesson_id: number;
  course_id: number;
  course_slug: string;
  course_title: string;
  title: string;
  content_type: string | null;
  video: {
    asset_id: number;
    duration_seconds: number | null;
    poster_url: string;
    rungs: { height: number; bytes: number; segments: number; playlist_url: string }[];
    /** The audio-only rendition, when the video has one. */
    audio?: { bytes: number; segments: number; playlist_url: string } | null;
    /** WebVTT captions, stored with any quality. */
    captions?: Caption[];
  } | null;
}

export interface Caption {
  lang: string;
  label: string;
  url: string;
}

/** What the study page knows of the lesson beyond the package. */
export interface LessonExtras {
  document_url?: string | null;
}

export type Progress = (stored: number, total: number) => void;

/**
 * Segments fetched at once: the browser's own limit per host. On mobile data (150 ms a round trip)
 * every request starts with a wait; with six in flight the others keep the link full meanwhile.
 */
const PARALLEL = 6;
const CACHE_PREFIX = 'khai-tri-download-';

export class DownloadRefused extends Error {}

/**
 * What the learner will open offline is made ready now: the worker keeps the downloads page (its
 * copy and its scripts), and the code that queues offline work is fetched (so the worker has it).
 */
function keepForOffline(): void {
  const worker = navigator.serviceWorker?.controller;
  worker?.postMessage({ type: 'visited', url: new URL('/tai-khoan/tai-ve', window.location.href).href });
  worker?.postMessage({ type: 'visited', url: window.location.href });
  void import('./connection-tasks').catch(() => undefined);
}

export function packageOf(lessonId: number): Promise<LessonPackage> {
  return callApi<LessonPackage>(`/api/user/offline/lesson.json?lesson_id=${lessonId}`).then((result) => result.data);
}

/** The choice "Chỉ âm thanh": no video rung has height 0. */
export const AUDIO_ONLY = 0;

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
 * A file for the device: not also kept in the browser's HTTP cache (`no-store`), since Cache Storage
 * keeps it; writing every segment twice cost a slow phone time and space.
 */
async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const response = await fetch(url, {
        credentials: 'same-origin',
        cache: 'no-store',
        ...(signal ? { signal } : {}),
      });
      if (response.ok) return response;
      if (response.status === 403 || response.status === 404)
        throw new DownloadRefused(
          'Không tải được bài này nữa (hết quyền học hoặc video đã thay đổi). Hãy tải lại trang.',
        );
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (error instanceof DownloadRefused || (error as Error).name === 'AbortError') throw error;
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
  }
  throw lastError instanceof Error ? lastError : new Error('download failed');
}

interface FileJob {
  /** Where it is kept on the device. */
  key: string;
  source: string;
}

/** The rung's playlist with its segments renamed `seg_N.ts`, and their signed sources. */
function segmentJobs(lessonId: number, playlist: string): { text: string; jobs: FileJob[] } {
  const jobs: FileJob[] = [];
  const text = playlist
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return line;
      const name = `seg_${jobs.length}.ts`;
      jobs.push({ key: offlineUrl(lessonId, name), source: trimmed });
      return name;
    })
    .join('\n');
  return { text, jobs };
}

/** The device's master playlist naming its one rendition (audio only: AAC, no resolution). */
function masterPlaylist(height: number, bytes: number, seconds: number | null): string {
  const bandwidth = Math.max(1, Math.round((bytes * 8) / Math.max(1, seconds ?? 60)));
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const variant = height === AUDIO_ONLY ? 'CODECS="mp4a.40.2"' : `RESOLUTION=${width}x${height}`;
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},${variant}\nindex.m3u8\n`;
}

/** Stores a body read once (its size is known without reading it again). */
async function put(cache: Cache, key: string, body: ArrayBuffer | string, type: string): Promise<number> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body);
  await cache.put(key, new Response(bytes, { headers: { 'content-type': type } }));
  return bytes.byteLength;
}

/**
 * The video's captions (`captions/<lang>.vtt`) and their list (`captions.json`, read by the player's
 * device copy, use-device-copy.ts), each file skipped when already stored.
 */
async function storeCaptions(
  lessonId: number,
  captions: Caption[],
  files: {
    count: (key: string) => Promise<boolean>;
    keep: (key: string, body: ArrayBuffer | string, type: string) => Promise<void>;
  },
  signal?: AbortSignal,
): Promise<void> {
  if (captions.length === 0) return;
  for (const caption of captions) {
    const key = offlineUrl(lessonId, captionFile(caption.lang));
    if (await files.count(key)) continue;
    await files.keep(key, await (await fetchOk(caption.url, signal)).text(), 'text/vtt; charset=utf-8');
  }
  const list = captions.map(({ lang, label }) => ({ lang, label }));
  await files.keep(offlineUrl(lessonId, 'captions.json'), JSON.stringify(list), 'application/json');
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
  // The link is the download's while it runs: a video on the page not being watched stops buffering.
  const ended = beginDownload();
  try {
    return await storeLesson(lesson, quality, extras, onProgress, signal);
  } finally {
    ended();
  }
}

async function storeLesson(
  lesson: LessonPackage,
  quality: number,
  extras: LessonExtras,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<DownloadRecord> {
  if (wifiOnly() && !onWifi())
    throw new DownloadRefused('Bạn đã chọn chỉ tải qua Wi-Fi. Hãy kết nối Wi-Fi rồi tải lại.');
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
    // The playlists last: a lesson whose playlist is stored has every segment.
    await keep(offlineUrl(lesson.lesson_id, 'index.m3u8'), text, 'application/vnd.apple.mpegurl');
    await keep(
      offlineUrl(lesson.lesson_id, 'master.m3u8'),
      masterPlaylist(rung.height, rung.bytes, lesson.video.duration_seconds),
      'application/vnd.apple.mpegurl',
    );
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
  return finished;
}
