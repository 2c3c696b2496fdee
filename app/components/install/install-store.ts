/**
 * What this browser lets the page offer to install Khai Trí as an app (decision 0015). Chromium's
 * `beforeinstallprompt` is caught from the first script on (entry.client.tsx, before hydration:
 * it may fire before React is ready), its mini-infobar prevented and the event kept for the
 * moments the page chooses (the account menu, after a lesson, an app-only course). iOS Safari has
 * no prompt: it gets instructions. Anywhere else nothing is offered, never a button that does nothing.
 */
import { useSyncExternalStore } from 'react';

/**
 * - `unknown`: on the server and while hydrating (the server cannot know);
 * - `app`: running as the installed app (display mode standalone, or iOS's home-screen app);
 * - `prompt`: the browser gave a prompt to show;
 * - `ios`: iOS Safari, which installs from its Share menu;
 * - `installed`: installed from this tab just now (the app opens from the home screen);
 * - `none`: nothing this page can do (no prompt offered, already used, or not supported).
 */
export type InstallOption = 'unknown' | 'app' | 'prompt' | 'ios' | 'installed' | 'none';

/** Chromium's event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The display modes of an installed app (a browser tab is `browser`; `fullscreen` may be a tab's video). */
const APP_DISPLAY_MODES =
  '(display-mode: standalone), (display-mode: minimal-ui), (display-mode: window-controls-overlay)';

let deferred: BeforeInstallPromptEvent | null = null;
let installedHere = false;
let capturing = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Starts listening (once); called by entry.client.tsx before hydration. */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar: the page offers the installation at its own moments.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installedHere = true;
    changed();
  });
  window.matchMedia?.(APP_DISPLAY_MODES).addEventListener?.('change', changed);
}

function runsAsApp(): boolean {
  return (
    window.matchMedia?.(APP_DISPLAY_MODES).matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Safari on an iPhone or iPad (iPadOS says Macintosh but has touch); not another browser's shell or an in-app view. */
function isIosSafari(): boolean {
  const agent = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return (
    ios &&
    /Version\/[\d.]+.*Safari\//.test(agent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Zalo/i.test(agent)
  );
}

function currentOption(): InstallOption {
  if (runsAsApp()) return 'app';
  if (deferred) return 'prompt';
  if (installedHere) return 'installed';
  return isIosSafari() ? 'ios' : 'none';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallOption(): InstallOption {
  return useSyncExternalStore(subscribe, currentOption, () => 'unknown');
}

/** Shows the browser's install dialog (once per prompt event); what the learner chose. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // A prompt event shows one dialog: the offers disappear whatever the learner answers.
  deferred = null;
  changed();
  try {
    await event.prompt();
    return (await event.userChoice).outcome;
  } catch (error) {
    // Refused by the browser (say, not from a tap): nothing was shown.
    console.warn('[cài ứng dụng] trình duyệt không mở hộp cài đặt', error);
    return 'unavailable';
  }
}

const BANNER_KEY = 'kt_install_banner';
/** Closed on this page (also where storage is refused, private mode). */
let bannerClosed = false;

function bannerDismissed(): boolean {
  if (bannerClosed) return true;
  try {
    return localStorage.getItem(BANNER_KEY) === 'dismissed';
  } catch {
    return false;
  }
}

/** Whether the learner closed the after-lesson banner on this device (true on the server: hidden until known). */
export function useBannerDismissed(): boolean {
  return useSyncExternalStore(subscribe, bannerDismissed, () => true);
}

export function dismissBanner(): void {
  bannerClosed = true;
  try {
    localStorage.setItem(BANNER_KEY, 'dismissed');
  } catch {
    // Private mode without storage: closed for this page only.
  }
  changed();
}
