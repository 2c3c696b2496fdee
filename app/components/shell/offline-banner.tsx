import { useEffect, useState, useSyncExternalStore } from 'react';
import { askServedOffline } from './service-worker';

/** How often a page opened from a kept copy while the browser claims a network checks for the server. */
const PROBE_SECONDS = 15;

/**
 * "Bạn đang ngoại tuyến": a small pill over the top of the page (taps go through it) while the browser is offline, or while this
 * page is a copy the service worker kept (the network failed); gone when the connection returns.
 */
function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function OfflineBanner() {
  // The server and hydration assume a network (the page came from somewhere).
  const browserOffline = useSyncExternalStore(
    subscribeOnline,
    () => !navigator.onLine,
    () => false,
  );
  const [servedOffline, setServedOffline] = useState(false);

  useEffect(() => askServedOffline(setServedOffline), []);
  useEffect(() => {
    const back = () => setServedOffline(false);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);

  // A kept copy while the browser says it is online (a network that drops requests): the server's
  // answer to a liveness probe ends it.
  useEffect(() => {
    if (!servedOffline || browserOffline) return;
    const timer = window.setInterval(() => {
      fetch('/healthz', { cache: 'no-store' }).then(
        (response) => response.ok && setServedOffline(false),
        () => undefined,
      );
    }, PROBE_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [servedOffline, browserOffline]);

  if (!browserOffline && !servedOffline) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed top-2 left-1/2 z-50 -translate-x-1/2 rounded-full bg-slate-800/90 px-3 py-1 text-xs font-medium whitespace-nowrap text-white shadow"
      data-testid="offline-banner"
    >
      Bạn đang ngoại tuyến
    </div>
  );
}
