import { useEffect, useState } from 'react';
import { captionFile, isAudioOnly, isDownloaded, offlineUrl, subscribeOffline } from './offline-flags';

export interface DeviceCopy {
  src: string;
  poster: string;
  /** The download holds the sound only ("Chỉ âm thanh"). */
  audioOnly: boolean;
  /**
   * The downloaded captions at their device addresses; null until the list is read, or when the
   * download holds none (the page's own captions then stay).
   */
  captions: { lang: string; label: string; url: string }[] | null;
}

/** The captions stored with the download (`captions.json`, from the service worker), or null. */
async function storedCaptions(lessonId: number): Promise<DeviceCopy['captions']> {
  try {
    const response = await fetch(offlineUrl(lessonId, 'captions.json'));
    if (!response.ok) return null;
    const list = (await response.json()) as { lang: string; label: string }[];
    return list.map(({ lang, label }) => ({ lang, label, url: offlineUrl(lessonId, captionFile(lang)) }));
  } catch {
    return null;
  }
}

/**
 * The device's copy of a downloaded lesson's video (`/offline-media/{lesson}/master.m3u8`, answered
 * by the service worker from Cache Storage), or null: not downloaded, or no worker controls the page.
 * Read after hydration (the server renders the network URL).
 */
export function useDeviceCopy(lessonId: number): DeviceCopy | null {
  const [copy, setCopy] = useState<DeviceCopy | null>(null);
  useEffect(() => {
    let shown: { audioOnly: boolean } | null = null;
    let active = true;
    const check = () => {
      const usable = isDownloaded(lessonId) && Boolean(navigator.serviceWorker?.controller);
      const audioOnly = usable && isAudioOnly(lessonId);
      if (!usable) {
        shown = null;
        setCopy(null);
        return;
      }
      if (shown?.audioOnly === audioOnly) return;
      shown = { audioOnly };
      const src = offlineUrl(lessonId, 'master.m3u8');
      setCopy({ src, poster: offlineUrl(lessonId, 'poster.jpg'), audioOnly, captions: null });
      void storedCaptions(lessonId).then((captions) => {
        if (active && captions) setCopy((current) => (current?.src === src ? { ...current, captions } : current));
      });
    };
    check();
    const unsubscribe = subscribeOffline(check);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [lessonId]);
  return copy;
}
