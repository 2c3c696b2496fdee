import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { computeRequestKey } from '../../../lib/request-key';
import { useUserSupportCall } from './user-support';
import { startOfflineTasks } from '../offline/offline-boot';
import { OfflineBanner } from './offline-banner';
import { checkForNewWorker, keepVisitedPage, registerServiceWorker, reloadIntoNewBuild } from './service-worker';
import {
  BROWSER_ID_COOKIE,
  FROM_404_KEY,
  MY_COURSE_COOKIE,
  MY_COURSE_MAX_AGE_SECONDS,
  readCookie,
  UTM_COOKIE,
  writeCookie,
} from './cookies';

const YEAR_SECONDS = 365 * 24 * 3600;
const UTM_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Leaving /404 clears the came-from-404 flag; a back-forward restore with it set goes back one step. */
function useNotFoundFlag(pathname: string): void {
  useEffect(() => {
    try {
      if (pathname === '/404') sessionStorage.setItem(FROM_404_KEY, '1');
      else sessionStorage.removeItem(FROM_404_KEY);
    } catch {
      // Private mode without storage: nothing to remember.
    }
  }, [pathname]);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      try {
        if (sessionStorage.getItem(FROM_404_KEY) !== '1') return;
        sessionStorage.removeItem(FROM_404_KEY);
      } catch {
        return;
      }
      window.history.back();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}

/** The my-course flag: true on /mycourse for 60 s, reset on other paths except /callback. */
function useMyCourseFlag(pathname: string): void {
  useEffect(() => {
    if (pathname === '/mycourse') writeCookie(MY_COURSE_COOKIE, 'true', MY_COURSE_MAX_AGE_SECONDS);
    else if (pathname !== '/callback' && readCookie(MY_COURSE_COOKIE) === 'true') {
      writeCookie(MY_COURSE_COOKIE, 'false', MY_COURSE_MAX_AGE_SECONDS);
    }
  }, [pathname]);
}

function generateBrowserId(): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  try {
    const traits = [
      navigator.userAgent,
      navigator.language,
      String(screen.width),
      String(screen.height),
      String(screen.colorDepth),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
      String(navigator.hardwareConcurrency ?? ''),
    ].join('|');
    return `${computeRequestKey(traits)}${random}`;
  } catch {
    console.warn('Failed to generate the finger print of this browser');
    return `${Date.now().toString(36)}${random}`;
  }
}

/** Visit tracking: utm_source and utm_campaign into the 'up' cookie, and a browser id cookie. */
function useVisitTracking(search: string): void {
  useEffect(() => {
    const params = new URLSearchParams(search);
    const source = params.get('utm_source');
    const campaign = params.get('utm_campaign');
    if (source || campaign) {
      const value = JSON.stringify({
        utm_source: source ?? '',
        utm_campaign: campaign ?? '',
        at: new Date().toISOString(),
      });
      writeCookie(UTM_COOKIE, value, UTM_MAX_AGE_SECONDS);
    }
    if (!readCookie(BROWSER_ID_COOKIE)) writeCookie(BROWSER_ID_COOKIE, generateBrowserId(), YEAR_SECONDS);
  }, [search]);
}

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/** Checks the build manifest now and then; a newer build id offers a reload. Failures are only logged. */
function useBuildCheck(intervalSeconds: number): boolean {
  const [updateAvailable, setUpdateAvailable] = useState(false);
  useEffect(() => {
    const current = window.__reactRouterManifest?.version;
    if (!current) return;
    const check = async () => {
      try {
        const response = await fetch(`/_build/manifest.json?t=${Date.now()}`, { cache: 'no-store' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { buildId } = (await response.json()) as { buildId?: string };
        if (buildId && buildId !== current) {
          setUpdateAvailable(true);
          // The new build's worker starts fetching its shell now, ready when "Tải lại" is pressed.
          checkForNewWorker();
        }
      } catch (error) {
        console.warn('[shell] không kiểm tra được phiên bản mới', error);
      }
    };
    const timer = window.setInterval(() => void check(), intervalSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [intervalSeconds]);
  return updateAvailable;
}

/** Pages reached client-side are kept by the service worker too, once their data has arrived. */
function useKeptNavigations(path: string): void {
  const [first] = useState(path);
  useEffect(() => {
    if (path === first) return;
    const timer = window.setTimeout(() => keepVisitedPage(window.location.href), 1_000);
    return () => window.clearTimeout(timer);
  }, [path, first]);
}

export function ShellEffects({ buildCheckIntervalSeconds }: { buildCheckIntervalSeconds: number }) {
  const { pathname, search, hash } = useLocation();
  // Marks the document once React has hydrated it (the browser journeys wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useNotFoundFlag(pathname);
  useMyCourseFlag(pathname);
  useVisitTracking(search);
  useUserSupportCall(`${pathname}${search}${hash}`);
  useEffect(() => registerServiceWorker(), []);
  useEffect(() => startOfflineTasks(), []);
  useKeptNavigations(`${pathname}${search}`);
  const updateAvailable = useBuildCheck(buildCheckIntervalSeconds);
  return (
    <>
      <OfflineBanner />
      {updateAvailable ? <UpdatePrompt /> : null}
    </>
  );
}

/** "Đã có phiên bản mới": the reload hands over to the new build's service worker first. */
function UpdatePrompt() {
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span>Đã có phiên bản mới của trang.</span>
      <button
        type="button"
        className="rounded-lg bg-white px-3 py-1.5 font-semibold text-slate-900"
        onClick={() => void reloadIntoNewBuild()}
      >
        Tải lại
      </button>
    </div>
  );
}
