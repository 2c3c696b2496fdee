/**
 * The device's offline store (IndexedDB `khai-tri-offline`): one record per downloaded lesson
 * (course, title, quality, size, expiry, licence, the Cache Storage cache holding its files) and the
 * queue of what the learner did offline, keyed by the device's own increasing `seq`.
 */
import { licenceOwner } from '../../../lib/offline-licence';
import { pendingCount, setBackgroundLessons, setDownloadedLessons, setPendingCount } from './offline-flags';

export interface DownloadRecord {
  lesson_id: number;
  course_id: number;
  course_slug: string;
  course_title: string;
  title: string;
  content_type: string | null;
  /** The rung's height; 0 for lessons without a video and for audio only. */
  quality: number;
  /** The video's audio-only rendition ("Chỉ âm thanh") was downloaded. */
  audio_only?: boolean;
  /** Bytes stored so far (all of them once `status` is done). */
  bytes: number;
  /** The size announced when the download started. */
  total_bytes: number;
  status: 'partial' | 'done';
  licence: string;
  expires_at: string;
  /** The Cache Storage cache of this licence. */
  cache: string;
  updated_at: number;
  /** Handed to Background Fetch (background-download.ts): the plan the service worker follows. */
  background?: BackgroundPlan;
  /** The last Background Fetch stopped before the end (the record is `partial`). */
  stopped?: 'failed' | 'cancelled';
}

/** Which fetched URL is kept under which `/offline-media/` key, and the playlists written last. */
export interface BackgroundPlan {
  /** The Background Fetch's id (one per lesson and quality). */
  id: string;
  files: { key: string; url: string; type: string }[];
  finals: { key: string; body: string; type: string }[];
}

export type QueuedOp = {
  seq?: number;
  op_id: string;
  lesson_id: number;
  client_time: number;
  /** The learner who did it (the owner of the lesson's download), when known. */
  learner?: number | undefined;
} & (
  | { kind: 'progress'; position: number; watched_seconds?: number; completed?: boolean }
  | { kind: 'note'; content: string; position?: number | null }
  | { kind: 'quiz'; answers: { question_id: number; option_ids: number[] }[] }
);

const DB_NAME = 'khai-tri-offline';
const DOWNLOADS = 'downloads';
const QUEUE = 'queue';

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(DOWNLOADS)) db.createObjectStore(DOWNLOADS, { keyPath: 'lesson_id' });
      if (!db.objectStoreNames.contains(QUEUE)) db.createObjectStore(QUEUE, { keyPath: 'seq', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opened;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(name, mode).objectStore(name);
}

/** Downloads of `learner` (all of them while no connection has said who is signed in). */
export function ownedBy(records: DownloadRecord[], learner: number | null): DownloadRecord[] {
  return learner === null ? records : records.filter((record) => licenceOwner(record.licence) === learner);
}

export async function listDownloads(): Promise<DownloadRecord[]> {
  return done((await store(DOWNLOADS, 'readonly')).getAll() as IDBRequest<DownloadRecord[]>);
}

export async function getDownload(lessonId: number): Promise<DownloadRecord | undefined> {
  return done((await store(DOWNLOADS, 'readonly')).get(lessonId) as IDBRequest<DownloadRecord | undefined>);
}

/**
 * Keeps the localStorage mirror of finished downloads (and of those handed to Background Fetch) in
 * step with the store; the service worker writes the store only, so a page calls this again when it
 * tells of a change or at load while a background download was under way.
 */
export async function refreshMirror(): Promise<void> {
  const all = await listDownloads();
  const finished = all.filter((record) => record.status === 'done');
  setDownloadedLessons(
    finished.map((record) => record.lesson_id),
    finished.filter((record) => record.audio_only).map((record) => record.lesson_id),
  );
  setBackgroundLessons(all.filter((record) => record.background).map((record) => record.lesson_id));
}

export async function putDownload(record: DownloadRecord): Promise<void> {
  await done((await store(DOWNLOADS, 'readwrite')).put(record));
  await refreshMirror();
}

/** A background download of the lesson still running is stopped (nothing more of it is wanted). */
async function stopBackground(record: DownloadRecord): Promise<void> {
  if (!record.background) return;
  const registration = await navigator.serviceWorker?.getRegistration('/');
  const fetches = (
    registration as
      { backgroundFetch?: { get(id: string): Promise<{ abort(): Promise<boolean> } | undefined> } } | undefined
  )?.backgroundFetch;
  await (await fetches?.get(record.background.id))?.abort();
}

export async function removeDownload(lessonId: number): Promise<void> {
  const record = await getDownload(lessonId);
  if (record) await stopBackground(record).catch(() => undefined);
  if (record) await caches.delete(record.cache);
  await done((await store(DOWNLOADS, 'readwrite')).delete(lessonId));
  await refreshMirror();
}

export async function addOp(op: QueuedOp): Promise<void> {
  const { seq: _seq, ...rest } = op;
  await done((await store(QUEUE, 'readwrite')).add(rest));
  setPendingCount(pendingCount() + 1);
}

/** The queue in its order (seq is the store's increasing key). */
export async function listOps(): Promise<(QueuedOp & { seq: number })[]> {
  return done((await store(QUEUE, 'readonly')).getAll() as IDBRequest<(QueuedOp & { seq: number })[]>);
}

export async function removeOps(seqs: number[]): Promise<void> {
  const queue = await store(QUEUE, 'readwrite');
  await Promise.all(seqs.map((seq) => done(queue.delete(seq))));
  setPendingCount((await listOps()).length);
}
