/*
 * Khai Trí service worker (scope /, decision 0019). The server answers /sw.js with this file behind
 * `self.KT_BUILD = { version, precache }` (server/http/service-worker.ts); without it (development,
 * where Vite serves the file as is) the worker only shows notifications and caches nothing.
 *
 * - Install: the build's app shell goes into `kt-<version>-shell`.
 * - Pages (navigations): network first; a learner's visited pages are kept (`-pages` for what every
 *   visitor sees, `-personal` for pages rendered for a signed-in account, emptied when the account
 *   changes or signs out); without a network, the kept copy or an offline page listing them.
 * - Built assets (/assets/, fingerprinted): cache first, kept in `-assets` (limited).
 * - Public pictures (/uploads/, shown by the kept pages): network first, the last copy kept in
 *   `-images` (limited) for when there is no network.
 * - Downloaded lessons (`/offline-media/…`, issue 21): only from their licence's cache, never the
 *   network; Background Fetch of lessons stores into those caches (public/sw-downloads.js).
 * - Everything else (API, JSON, page data, other uploads, media, any POST) goes to the network only.
 * - Activate: every cache of another build is deleted. A new build waits until the learner accepts
 *   the reload ("Tải lại", the page posts `skip-waiting`) or every tab of the old one is closed.
 *
 * Web Push: the payload is JSON { title, body, url, tag } (modules/notifications/push.service.ts).
 */
/* global importScripts -- a worker's */
const BUILD = self.KT_BUILD || null;
// Downloaded lessons (`downloaded`, Background Fetch): named after the build, so a new worker never
// runs an older copy of it from the HTTP cache.
importScripts(`/sw-downloads.js${BUILD ? `?v=${encodeURIComponent(BUILD.version)}` : ''}`);
const DOWNLOADS = self.KT_DOWNLOADS;
const PREFIX = 'kt-';
const CACHES = BUILD
  ? {
      shell: `${PREFIX}${BUILD.version}-shell`,
      assets: `${PREFIX}${BUILD.version}-assets`,
      pages: `${PREFIX}${BUILD.version}-pages`,
      personal: `${PREFIX}${BUILD.version}-personal`,
      images: `${PREFIX}${BUILD.version}-images`,
    }
  : null;
const LIMITS = { assets: 200, pages: 40, personal: 40, images: 60 };
/** Where the personal cache notes whose pages it holds. */
const VIEWER_KEY = '/__kt/viewer';
/** Pages never kept: the studio, payment, the exam room, sign-out. */
const UNKEPT = [/^\/studio(\/|$)/, /^\/gio-hang\/thanh-toan/, /^\/cong-thi\/[^/]+\/lam-bai/, /^\/dang-xuat/];
const SIGN_OUT = [/^\/dang-xuat(\.data)?$/, /^\/api\/user\/logout\.json$/];
/** Clients whose document came from a kept copy (they show "Bạn đang ngoại tuyến"). */
const servedOffline = new Set();
/** When a sign-out last passed: a personal page fetched before it is not kept after it. */
let signedOutAt = 0;

self.addEventListener('install', (event) => {
  if (!BUILD) {
    self.skipWaiting();
    return;
  }
  event.waitUntil(
    (async () => {
      // A worker with no cache of another build before it (the first one, or the push-only worker)
      // has nothing to mix with: it takes over at once. Otherwise it waits for the page's go-ahead.
      const keys = await caches.keys();
      const alone = !keys.some((key) => key.startsWith(PREFIX) && !key.startsWith(`${PREFIX}${BUILD.version}-`));
      const shell = await caches.open(CACHES.shell);
      // Fingerprinted files may come from the browser's cache; the others are fetched fresh.
      await shell.addAll(
        BUILD.precache.map((url) => (url.startsWith('/assets/') ? url : new Request(url, { cache: 'reload' }))),
      );
      if (alone) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const own = BUILD ? `${PREFIX}${BUILD.version}-` : null;
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((key) => key.startsWith(PREFIX) && (!own || !key.startsWith(own))).map((key) => caches.delete(key)),
      );
      // No clients.claim() here: the pages of an older worker pass to this one by themselves, and
      // claiming would evict from the back-forward cache a page the learner has just left. A page
      // loaded before any worker asks for it (`visited`).
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'skip-waiting') {
    self.skipWaiting();
  } else if (data.type === 'visited' && BUILD && typeof data.url === 'string') {
    // A page loaded before this worker controlled it (taken now), or reached client-side (its
    // document never passed through): keep it as if it had.
    event.waitUntil(Promise.all([data.claim ? self.clients.claim() : null, keepVisited(data.url)]));
  } else if (data.type === 'status' && event.source) {
    event.source.postMessage({ type: 'status', servedOffline: servedOffline.has(event.source.id) });
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(DOWNLOADS.prefix) && request.method === 'GET') {
    event.respondWith(DOWNLOADS.answer(request));
    return;
  }
  if (!BUILD) return;
  if (request.method !== 'GET') {
    if (SIGN_OUT.some((pattern) => pattern.test(url.pathname))) {
      signedOutAt = Date.now();
      event.waitUntil(caches.delete(CACHES.personal));
    }
    return;
  }
  if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (url.pathname.startsWith('/uploads/') && request.destination === 'image') event.respondWith(picture(request));
  else if (BUILD.precache.includes(url.pathname)) event.respondWith(shellFile(request));
});

/** Background Sync: the pages send the offline queue (app/components/offline/connection-tasks.ts). */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'kt-offline-sync') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'offline-sync' });
    }),
  );
});

async function navigate(event) {
  const request = event.request;
  const startedAt = Date.now();
  try {
    const response = await fetch(request);
    event.waitUntil(keep(request.url, response.clone(), startedAt).catch(() => undefined));
    return response;
  } catch {
    const kept = await keptPage(request.url);
    if (kept) {
      servedOffline.add(event.resultingClientId);
      return kept;
    }
    return offlinePage();
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: CACHES.shell });
  if (cached) return cached;
  const assets = await caches.open(CACHES.assets);
  const kept = await assets.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await assets.put(request, response.clone());
    void trim(CACHES.assets, LIMITS.assets);
  }
  return response;
}

async function picture(request) {
  const images = await caches.open(CACHES.images);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      await images.put(request, response.clone());
      void trim(CACHES.images, LIMITS.images);
    }
    return response;
  } catch (error) {
    const kept = await images.match(request);
    if (kept) return kept;
    throw error;
  }
}

async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: CACHES.shell });
    if (cached) return cached;
    throw error;
  }
}

/** The key of a kept page: its address without the fragment. */
function pageKey(url) {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

async function keepVisited(url) {
  const parsed = new URL(url);
  if (parsed.origin !== self.location.origin || UNKEPT.some((pattern) => pattern.test(parsed.pathname))) return;
  const startedAt = Date.now();
  const response = await fetch(pageKey(url), { credentials: 'same-origin', headers: { accept: 'text/html' } });
  await keep(url, response, startedAt);
}

/**
 * Keeps a page answer: a whole 200 HTML page of a path worth keeping, tagged with its title and the
 * time; the fingerprinted files it names are fetched into the asset cache if missing, so the copy
 * opens offline even when the learner left before they loaded.
 */
async function keep(url, response, startedAt) {
  const { pathname } = new URL(url);
  if (UNKEPT.some((pattern) => pattern.test(pathname))) return;
  const type = response.headers.get('content-type') || '';
  if (response.status !== 200 || response.redirected || response.type !== 'basic' || !type.startsWith('text/html')) {
    return;
  }
  const viewer = response.headers.get('x-kt-viewer') || '';
  if (viewer && startedAt <= signedOutAt) return;
  await noteViewer(viewer);
  const html = await response.text();
  const headers = new Headers({
    'content-type': type,
    'x-kt-title': encodeURIComponent(titleOf(html) || pathname),
    'x-kt-kept-at': String(Date.now()),
  });
  const name = viewer ? CACHES.personal : CACHES.pages;
  const cache = await caches.open(name);
  const key = pageKey(url);
  // Delete first: the key moves to the end of the cache's order (the newest).
  await cache.delete(key);
  await cache.put(key, new Response(html, { status: 200, headers }));
  await trim(name, LIMITS[viewer ? 'personal' : 'pages']);
  await fetchMissingAssets(html);
}

/** The personal cache belongs to one account: another one (or none) empties it. */
async function noteViewer(viewer) {
  const cache = await caches.open(CACHES.personal);
  const noted = await cache.match(VIEWER_KEY);
  const previous = noted ? await noted.text() : '';
  if (previous === viewer) return;
  await caches.delete(CACHES.personal);
  if (viewer) await (await caches.open(CACHES.personal)).put(VIEWER_KEY, new Response(viewer));
}

function titleOf(html) {
  const match = /<title>([^<]*)<\/title>/i.exec(html);
  if (!match) return '';
  return match[1]
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

async function fetchMissingAssets(html) {
  const found = new Set();
  for (const match of html.matchAll(/["'(](\/assets\/[\w.@-]+\.(?:js|css|woff2?))["')]/g)) found.add(match[1]);
  const assets = await caches.open(CACHES.assets);
  for (const path of found) {
    if (BUILD.precache.includes(path) || (await assets.match(path))) continue;
    try {
      const response = await fetch(path);
      if (response.ok) await assets.put(path, response);
    } catch {
      return;
    }
  }
  await trim(CACHES.assets, LIMITS.assets);
}

/** Keeps the newest `limit` entries of a cache (its keys are in the order they were put). */
async function trim(name, limit) {
  const cache = await caches.open(name);
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname !== VIEWER_KEY);
  for (const request of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(request);
}

async function keptPage(url) {
  const key = pageKey(url);
  return (
    (await caches.match(key, { cacheName: CACHES.personal })) ||
    (await caches.match(key, { cacheName: CACHES.pages })) ||
    null
  );
}

/** The kept pages, newest first: { url, title }. */
async function keptPages() {
  const pages = [];
  for (const name of [CACHES.personal, CACHES.pages]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname === VIEWER_KEY || pages.some((page) => page.url === request.url)) continue;
      const response = await cache.match(request);
      const title = decodeURIComponent(response.headers.get('x-kt-title') || url.pathname);
      pages.push({ url: `${url.pathname}${url.search}`, title, at: Number(response.headers.get('x-kt-kept-at')) || 0 });
    }
  }
  return pages.sort((a, b) => b.at - a.at);
}

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );
}

const OFFLINE_STYLE = `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1e293b;background:#fff}
main{max-width:36rem;margin:0 auto;padding:2.5rem 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1rem;margin:2rem 0 .5rem}p{line-height:1.5;color:#475569}
button{margin-top:.5rem;border:0;border-radius:.75rem;background:#0b5fff;color:#fff;font:inherit;font-weight:600;padding:.75rem 1.25rem;min-height:44px}
ul{list-style:none;margin:0;padding:0}li{border-top:1px solid #e2e8f0}
a{display:block;padding:.75rem 0;color:#0b5fff;text-decoration:none;min-height:24px}a:focus,a:hover{text-decoration:underline}`;

/** "Bạn đang ngoại tuyến": what still opens (the kept pages), retried when the network returns (/offline.js). */
async function offlinePage() {
  const pages = await keptPages();
  const list = pages.length
    ? `<ul>${pages.map((page) => `<li><a href="${escapeHtml(page.url)}">${escapeHtml(page.title)}</a></li>`).join('')}</ul>`
    : '<p>Chưa có trang nào được lưu trên máy này. Khi có mạng, những trang bạn mở sẽ được lưu để xem lại lúc ngoại tuyến.</p>';
  const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bạn đang ngoại tuyến | Khai Trí</title><meta name="theme-color" content="#0b5fff"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${OFFLINE_STYLE}</style></head><body><main>
<h1>Bạn đang ngoại tuyến</h1>
<p>Không có kết nối mạng nên chưa mở được trang này. Trang sẽ tự tải lại khi có mạng trở lại.</p>
<button type="button" id="thu-lai">Thử lại</button>
<h2>Xem được khi không có mạng</h2>
<p>Những trang bạn đã mở trên máy này:</p>
${list}
</main><script src="/offline.js"></script></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self'; object-src 'none'; base-uri 'none'",
    },
  });
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

/** Only same-site paths are opened. */
function safePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/tai-khoan/thong-bao';
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Khai Trí';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      lang: 'vi',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      data: { url: safePath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === target && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
