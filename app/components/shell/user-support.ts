/**
 * SPEC §7 "Other calls" 1, the userSupport call: on every navigation, while the session-storage
 * flag `celluar` is set, the full current path (path + query + hash) goes to
 * POST /api/user/user_support.json as `{ info: base64(path) }`, with an analytics event `celluar`
 * (method HTTP). The flag is set when the operator recognised the visitor's number (the server
 * leaves the `kt_celluar` cookie; see modules/identity/recognition-cookies.ts).
 *
 * The analytics event goes to whatever is on the page: a Plausible-style `window.plausible`
 * (the script of ANALYTICS_URL), a `window.dataLayer` array (Tag Manager), and always a DOM
 * `CustomEvent('kt:analytics', { detail: { name, method } })` on window for anything else.
 */
import { useEffect } from 'react';
import { readCookie } from './cookies';

export const CELLULAR_FLAG_KEY = 'celluar';
/** Same name as CELLULAR_COOKIE in modules/identity/recognition-cookies.ts (kept apart: no server code in the bundle). */
export const CELLULAR_COOKIE = 'kt_celluar';
export const USER_SUPPORT_URL = '/api/user/user_support.json';
export const ANALYTICS_EVENT = 'kt:analytics';

/** base64 of the UTF-8 bytes of the path (btoa alone fails on anything beyond Latin-1). */
export function encodePathInfo(fullPath: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(fullPath)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    plausible?: (name: string, options?: { props?: Record<string, string> }) => void;
  }
}

export function trackAnalyticsEvent(name: string, method: string): void {
  try {
    window.plausible?.(name, { props: { method } });
    if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: name, method });
    window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail: { name, method } }));
  } catch (error) {
    console.warn('[shell] không gửi được sự kiện thống kê', error);
  }
}

function readCellularFlag(): boolean {
  try {
    if (readCookie(CELLULAR_COOKIE) === '1') sessionStorage.setItem(CELLULAR_FLAG_KEY, '1');
    return Boolean(sessionStorage.getItem(CELLULAR_FLAG_KEY));
  } catch {
    // Storage disabled (private mode): no flag, no call.
    return false;
  }
}

export function useUserSupportCall(fullPath: string): void {
  useEffect(() => {
    if (!readCellularFlag()) return;
    fetch(USER_SUPPORT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ info: encodePathInfo(fullPath) }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch((error: unknown) => console.warn('[shell] userSupport không gửi được', error));
    trackAnalyticsEvent(CELLULAR_FLAG_KEY, 'HTTP');
  }, [fullPath]);
}
