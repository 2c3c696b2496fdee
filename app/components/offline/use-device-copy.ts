import { useEffect, useState } from 'react';
import { isDownloaded, offlineUrl, subscribeOffline } from './offline-flags';

/**
 * The device's copy of a downloaded lesson's video (`/offline-media/{lesson}/master.m3u8`, answered
 * by the service worker from Cache Storage), or null: not downloaded, or no worker controls the page.
 * Read after hydration (the server renders the network URL).
 */
export function useDeviceCopy(lessonId: number): { src: string; poster: string } | null {
  const [copy, setCopy] = useState<{ src: string; poster: string } | null>(null);
  useEffect(() => {
    const check = () => {
      const usable = isDownloaded(lessonId) && Boolean(navigator.serviceWorker?.controller);
      setCopy((current) =>
        usable
          ? (current ?? { src: offlineUrl(lessonId, 'master.m3u8'), poster: offlineUrl(lessonId, 'poster.jpg') })
          : null,
      );
    };
    check();
    return subscribeOffline(check);
  }, [lessonId]);
  return copy;
}
