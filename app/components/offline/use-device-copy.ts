import { useEffect, useState } from 'react';
import { isAudioOnly, isDownloaded, offlineUrl, subscribeOffline } from './offline-flags';

export interface DeviceCopy {
  src: string;
  poster: string;
  /** The download holds the sound only ("Chỉ âm thanh"). */
  audioOnly: boolean;
}

/**
 * The device's copy of a downloaded lesson's video (`/offline-media/{lesson}/master.m3u8`, answered
 * by the service worker from Cache Storage), or null: not downloaded, or no worker controls the page.
 * Read after hydration (the server renders the network URL).
 */
export function useDeviceCopy(lessonId: number): DeviceCopy | null {
  const [copy, setCopy] = useState<DeviceCopy | null>(null);
  useEffect(() => {
    const check = () => {
      const usable = isDownloaded(lessonId) && Boolean(navigator.serviceWorker?.controller);
      const audioOnly = usable && isAudioOnly(lessonId);
      setCopy((current) =>
        usable
          ? current && current.audioOnly === audioOnly
            ? current
            : { src: offlineUrl(lessonId, 'master.m3u8'), poster: offlineUrl(lessonId, 'poster.jpg'), audioOnly }
          : null,
      );
    };
    check();
    return subscribeOffline(check);
  }, [lessonId]);
  return copy;
}
