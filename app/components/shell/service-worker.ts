/**
 * The page's side of the service worker (public/sw.js, decision 0019): registration once the page
 * has loaded, the hand-over to a new build when the learner accepts the reload, and whether this
 * document was opened from a kept copy (no network).
 */

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers /sw.js after the page's own loading (a phone's bandwidth goes to the page first). A page
 * loaded before a worker controlled it asks the worker to keep it, as it keeps the pages it serves.
 */
export function registerServiceWorker(): () => void {
  if (!supported()) return () => undefined;
  const controlledAtLoad = navigator.serviceWorker.controller !== null;
  let cancelled = false;
  const register = () => {
    if (cancelled) return;
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (!controlledAtLoad) {
          registration.active?.postMessage({ type: 'visited', url: window.location.href, claim: true });
        }
      })
      .catch((error: unknown) => console.warn('[shell] không cài được service worker', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', register);
  };
}

/**
 * A page reached client-side: its document never passed through the worker, which is asked to
 * fetch and keep it (one more request for the HTML, skipped when the learner asked to save data).
 */
export function keepVisitedPage(href: string): void {
  if (!supported() || !navigator.serviceWorker.controller) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  navigator.serviceWorker.controller.postMessage({ type: 'visited', url: href });
}

/** Asks the browser to look for a new worker now (the build check saw a new build). */
export function checkForNewWorker(): void {
  if (!supported()) return;
  void navigator.serviceWorker
    .getRegistration('/')
    .then((registration) => registration?.update())
    .catch(() => undefined);
}

function installed(worker: ServiceWorker): Promise<ServiceWorker | null> {
  if (worker.state === 'installed') return Promise.resolve(worker);
  return new Promise((resolve) => {
    const onChange = () => {
      if (worker.state === 'installed') resolve(worker);
      else if (worker.state === 'redundant' || worker.state === 'activated') resolve(null);
      else return;
      worker.removeEventListener('statechange', onChange);
    };
    worker.addEventListener('statechange', onChange);
  });
}

/**
 * "Tải lại" for a new build: the new worker (waiting, or still installing) is told to take over and
 * the page reloads once it controls it, so the new page and its files come from one build; without a
 * waiting worker, a plain reload.
 */
export async function reloadIntoNewBuild(): Promise<void> {
  const registration = supported() ? await navigator.serviceWorker.getRegistration('/').catch(() => undefined) : null;
  if (registration && navigator.serviceWorker.controller) {
    await registration.update().catch(() => undefined);
    const next = registration.waiting ?? (registration.installing ? await installed(registration.installing) : null);
    if (next) {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      next.postMessage({ type: 'skip-waiting' });
      // The hand-over normally takes a moment; never leave the learner on a dead button.
      window.setTimeout(() => window.location.reload(), 5_000);
      return;
    }
  }
  window.location.reload();
}

/** Whether the worker answered this document with a kept copy (it was offline); false when unknown. */
export function askServedOffline(listener: (offline: boolean) => void): () => void {
  if (!supported() || !navigator.serviceWorker.controller) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; servedOffline?: boolean } | null;
    if (data?.type === 'status') listener(data.servedOffline === true);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  navigator.serviceWorker.startMessages();
  navigator.serviceWorker.controller.postMessage({ type: 'status' });
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
