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

/**
 * Without a network a link opens its page in full: the service worker answers with its copy or the
 * offline page, where a client-side navigation would fail on the route's script or data.
 */
function useFullLoadsWhileOffline(offline: boolean): void {
  useEffect(() => {
    if (!offline) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      ) {
        return;
      }
      const target = new URL(link.href);
      if (target.origin !== window.location.origin) return;
      if (target.pathname === window.location.pathname && target.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      window.location.assign(target.href);
    };
    // Capturing on the window runs before React's own handler on the document.
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, [offline]);
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

  useFullLoadsWhileOffline(browserOffline || servedOffline);

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
