/*
 * The service worker's side of downloaded lessons (issue 21, decision 0025), loaded by public/sw.js
 * with importScripts:
 *
 * - `/offline-media/<lesson>/…` is answered only from the lesson's download cache, never the network.
 * - Background Fetch (where the browser has it): the page hands a video's segments to the browser
 *   (app/components/offline/background-download.ts) after writing the lesson's record in IndexedDB
 *   with the plan (`background`: which URL goes to which `/offline-media/` key, and the playlists to
 *   write last). When the browser has them all, `backgroundfetchsuccess` stores them exactly as the
 *   page's own downloader does (the record's cache, the same keys and content types), then the
 *   playlists, and marks the record `done`; a failed or cancelled fetch keeps what arrived and
 *   leaves the record `partial` (the page offers "Tải về tiếp", which skips what is stored).
 *
 * The store's names mirror app/components/offline/offline-store.ts (DB_NAME, the `downloads` store).
 */
const OFFLINE_MEDIA = '/offline-media/';
const DOWNLOAD_CACHES = 'khai-tri-download-';
const OFFLINE_DB = 'khai-tri-offline';
const DOWNLOADS_PAGE = '/tai-khoan/tai-ve';

/**
 * A downloaded file from its licence's cache (`khai-tri-download-<lesson>-<licence>`, written by the
 * page or by Background Fetch, untouched by a new build), never from the network: there is no such
 * URL on the server.
 */
async function downloaded(request) {
  const path = new URL(request.url).pathname;
  const lesson = path.slice(OFFLINE_MEDIA.length).split('/')[0];
  for (const name of await caches.keys()) {
    if (!name.startsWith(`${DOWNLOAD_CACHES}${lesson}-`)) continue;
    const found = await (await caches.open(name)).match(path);
    if (found) return found;
  }
  return new Response('Bài học chưa được tải về máy này.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** What public/sw.js's fetch handler answers from here. */
self.KT_DOWNLOADS = { prefix: OFFLINE_MEDIA, answer: downloaded };

function idbDone(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error('IndexedDB request failed'));
  });
}

/** The device's store, opened as the page opens it (same version, same stores). */
async function openOfflineDb() {
  const opening = indexedDB.open(OFFLINE_DB, 1);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains('downloads')) db.createObjectStore('downloads', { keyPath: 'lesson_id' });
    if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
  };
  return idbDone(opening);
}

/** The lesson of a Background Fetch id (`kt-lesson-<lesson>-<quality>`), or null. */
function backgroundLesson(id) {
  const match = /^kt-lesson-(\d+)-/.exec(id);
  return match ? Number(match[1]) : null;
}

/**
 * Stores what a Background Fetch brought, as the page's downloader stores it, and answers the
 * lesson's record as it is now. `fetched` is [{ url, response }] (a null response: nothing arrived);
 * `complete` says the fetch succeeded. Pure but for Cache Storage: the record is the caller's to save.
 * - Each response that is ok goes to the record's cache under its plan key, with its type.
 * - Complete and every planned file stored: the plan's playlists are written last, the record is
 *   `done` with its bytes. Otherwise the record stays `partial` and is marked `stopped`.
 */
async function storeFetched(record, fetched, complete, stopped) {
  const plan = record.background;
  const cache = await caches.open(record.cache);
  const byUrl = new Map(plan.files.map((file) => [file.url, file]));
  let bytes = record.bytes;
  for (const { url, response } of fetched) {
    const file = byUrl.get(url);
    if (!file || !response || !response.ok) continue;
    const body = new Uint8Array(await response.arrayBuffer());
    await cache.put(file.key, new Response(body, { headers: { 'content-type': file.type } }));
    byUrl.delete(url);
    bytes += body.byteLength;
  }
  const { background: _plan, ...rest } = record;
  if (!complete || byUrl.size > 0) {
    return { ...rest, bytes, status: 'partial', stopped: stopped || 'failed', updated_at: Date.now() };
  }
  // The playlists last: a lesson whose playlist is stored has every segment.
  for (const final of plan.finals) {
    const body = new TextEncoder().encode(final.body);
    await cache.put(final.key, new Response(body, { headers: { 'content-type': final.type } }));
    bytes += body.byteLength;
  }
  const { stopped: _stopped, ...done } = rest;
  return { ...done, bytes, total_bytes: bytes, status: 'done', updated_at: Date.now() };
}

/** The responses of a Background Fetch (those that did not arrive are null). */
async function fetchedOf(registration) {
  let records = [];
  try {
    records = await registration.matchAll();
  } catch {
    return [];
  }
  return Promise.all(
    records.map(async (entry) => ({
      url: entry.request.url,
      response: await entry.responseReady.catch(() => null),
    })),
  );
}

/** Tells the open pages that a lesson's download changed (they refresh what they show). */
async function tellPages(lessonId) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: 'download-updated', lesson_id: lessonId });
}

/** What a finished, failed or cancelled Background Fetch leaves on the device; the record after it. */
async function settleBackgroundFetch(registration, complete, stopped) {
  const lessonId = backgroundLesson(registration.id);
  if (lessonId === null) return null;
  const db = await openOfflineDb();
  try {
    const record = await idbDone(db.transaction('downloads').objectStore('downloads').get(lessonId));
    // Not this fetch's plan (deleted meanwhile, or downloaded again another way): nothing to store.
    if (!record || !record.background || record.background.id !== registration.id) return null;
    const next = await storeFetched(record, await fetchedOf(registration), complete, stopped);
    await idbDone(db.transaction('downloads', 'readwrite').objectStore('downloads').put(next));
    await tellPages(lessonId);
    return next;
  } finally {
    db.close();
  }
}

/** The page asks whether this worker stores Background Fetches (an older one does not). */
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'downloads-capabilities' || !event.ports[0]) return;
  event.ports[0].postMessage({ background_fetch: Boolean(self.registration.backgroundFetch) });
});

self.addEventListener('backgroundfetchsuccess', (event) => {
  event.waitUntil(
    (async () => {
      const record = await settleBackgroundFetch(event.registration, true, null);
      const title = record ? record.title : 'bài học';
      await event.updateUI({
        title: record && record.status === 'done' ? `Đã tải xong: ${title}` : `Tải về chưa xong: ${title}`,
      });
    })(),
  );
});

self.addEventListener('backgroundfetchfail', (event) => {
  event.waitUntil(
    (async () => {
      const record = await settleBackgroundFetch(event.registration, false, 'failed');
      await event.updateUI({
        title: `Tải về bị gián đoạn: ${record ? record.title : 'bài học'}. Mở lại bài để tải tiếp.`,
      });
    })(),
  );
});

self.addEventListener('backgroundfetchabort', (event) => {
  event.waitUntil(settleBackgroundFetch(event.registration, false, 'cancelled'));
});

self.addEventListener('backgroundfetchclick', (event) => {
  const target = new URL(DOWNLOADS_PAGE, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === target && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
