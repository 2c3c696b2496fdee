/**
 * What every page may ask about downloads without loading the download code (issue 21): this
 * device's id, the lessons fully downloaded here, how many offline actions wait to be synced, and
 * the "Chỉ tải qua Wi-Fi" setting. Kept in localStorage as small mirrors of the IndexedDB store
 * (offline-store.ts), which stays the source of truth; a change is announced to the page.
 */
const DEVICE_KEY = 'kt_device_id';
const LESSONS_KEY = 'kt_offline_lessons';
const AUDIO_LESSONS_KEY = 'kt_offline_audio_lessons';
const PENDING_KEY = 'kt_offline_pending';
const WIFI_ONLY_KEY = 'kt_offline_wifi_only';
const LEARNER_KEY = 'kt_offline_learner';
const BACKGROUND_KEY = 'kt_offline_background';
export const OFFLINE_CHANGE_EVENT = 'kt-offline-change';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the mirror is lost, the store is read again at the next change.
  }
  window.dispatchEvent(new Event(OFFLINE_CHANGE_EVENT));
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's id for licences and the sync queue (made once). */
export function deviceId(): string {
  let id = read(DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = randomId();
    write(DEVICE_KEY, id);
  }
  return id;
}

/**
 * The learner the server last said is signed in on this device (at a connection), or null before
 * the first one: a phone shared by two learners shows and sends each one only their own downloads
 * and offline actions.
 */
export function offlineLearner(): number | null {
  const value = Number(read(LEARNER_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function setOfflineLearner(learnerId: number): void {
  if (offlineLearner() !== learnerId) write(LEARNER_KEY, String(learnerId));
}

export function newOpId(): string {
  return randomId();
}

function idsAt(key: string): number[] {
  try {
    const parsed = JSON.parse(read(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** The lessons whose download finished on this device. */
export function downloadedLessons(): number[] {
  return idsAt(LESSONS_KEY);
}

export function isDownloaded(lessonId: number): boolean {
  return downloadedLessons().includes(lessonId);
}

/** Whether the lesson's download holds its sound only ("Chỉ âm thanh"). */
export function isAudioOnly(lessonId: number): boolean {
  return idsAt(AUDIO_LESSONS_KEY).includes(lessonId);
}

const sortedIds = (ids: number[]) => JSON.stringify([...new Set(ids)].sort((a, b) => a - b));

export function setDownloadedLessons(ids: number[], audioOnly: number[] = []): void {
  if (read(AUDIO_LESSONS_KEY) !== sortedIds(audioOnly)) write(AUDIO_LESSONS_KEY, sortedIds(audioOnly));
  write(LESSONS_KEY, sortedIds(ids));
}

/** The lessons handed to Background Fetch whose end this page has not yet seen (background-download.ts). */
export function backgroundLessons(): number[] {
  return idsAt(BACKGROUND_KEY);
}

export function setBackgroundLessons(ids: number[]): void {
  if (read(BACKGROUND_KEY) !== sortedIds(ids)) write(BACKGROUND_KEY, sortedIds(ids));
}

export function pendingCount(): number {
  const count = Number(read(PENDING_KEY) ?? '0');
  return Number.isInteger(count) && count > 0 ? count : 0;
}

export function setPendingCount(count: number): void {
  write(PENDING_KEY, String(Math.max(0, count)));
}

/** Whether this browser tells what kind of connection it has (the Network Information API's `type`). */
export function knowsConnectionType(): boolean {
  const connection = (navigator as Navigator & { connection?: { type?: string } }).connection;
  return typeof connection?.type === 'string';
}

/** Whether the connection is Wi-Fi or cable; true when unknown. */
export function onWifi(): boolean {
  const type = (navigator as Navigator & { connection?: { type?: string } }).connection?.type;
  return type === undefined || type === 'wifi' || type === 'ethernet' || type === 'unknown';
}

export function wifiOnly(): boolean {
  return read(WIFI_ONLY_KEY) === '1';
}

export function setWifiOnly(on: boolean): void {
  write(WIFI_ONLY_KEY, on ? '1' : '0');
}

/** The browser asks to save data (Save-Data), or the player's data saver is on. */
export function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  // The player's DATA_SAVER_KEY (video-player.tsx), not imported: that would bring the player along.
  return connection?.saveData === true || read('kt_data_saver') === '1';
}

export function subscribeOffline(listener: () => void): () => void {
  window.addEventListener(OFFLINE_CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(OFFLINE_CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * Where a downloaded lesson's files live on the device: answered only by the service worker from
 * Cache Storage (public/sw.js), never by the server, so they are no URL anyone can replay.
 */
export const OFFLINE_MEDIA_PREFIX = '/offline-media';

export function offlineUrl(lessonId: number, file: string): string {
  return `${OFFLINE_MEDIA_PREFIX}/${lessonId}/${file}`;
}

/** A downloaded caption's file inside its lesson's folder. */
export const captionFile = (lang: string) => `captions/${lang.replace(/[^A-Za-z0-9-]/g, '')}.vtt`;
