/**
 * Operator phone-number recognition (SPEC §6; vectors/PROTOCOLS.md): which requests may be
 * redirected, the redirect URL, and reading what the operator sends back to /callback. Pure: no
 * database, no HTTP types.
 */
import { normalizePhone } from '../../lib/phone.ts';
import { decryptRecognition, encryptRecognition } from './recognition-cipher.ts';
import { toSafePath } from './recognition-cookies.ts';

export interface RecognitionSettings {
  /** disabledRecognition < 1. */
  enabled: boolean;
  url: string;
  key: string;
  serviceId: string;
  /** Sign a recognised number in without OTP. */
  trusted: boolean;
  publicUrl: string;
  secureCookies: boolean;
}

/** `{PUBLIC_URL}/callback?path={original path}`: where the operator sends the visitor back. */
export function buildBackUrl(publicUrl: string, path: string): string {
  return `${publicUrl}/callback?path=${encodeURIComponent(toSafePath(path))}`;
}

/** `{recognitionUrl}?sp={serviceId}&link={base64(AES(key, backUrl))}`. */
export function buildRecognitionRedirect(settings: RecognitionSettings, path: string): string {
  const url = new URL(settings.url);
  url.searchParams.set('sp', settings.serviceId);
  url.searchParams.set('link', encryptRecognition(settings.key, buildBackUrl(settings.publicUrl, path)));
  return url.toString();
}

/**
 * The operator's answer on /callback: the original path and the encrypted number. Operators that
 * append `?link=` to a back URL which already has a query leave it inside `path`; that is undone.
 */
export function readCallbackQuery(search: URLSearchParams): { path: string; link: string | null } {
  let path = search.get('path') ?? '/';
  let link = search.get('link');
  const embedded = /[?&]link=([^&]*)$/.exec(path);
  if (embedded) {
    path = path.slice(0, embedded.index);
    if (link === null) link = safeDecode(embedded[1] ?? '');
  }
  return { path: toSafePath(path), link };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The number inside the operator's `link`, in stored form (84…), or null when not recognised. */
export function decryptMsisdn(key: string, link: string | null): string | null {
  if (!link) return null;
  return normalizeMsisdn(decryptRecognition(key, link));
}

/** An msisdn (from the operator's header or link) in stored form, or null when it is not a Vietnamese mobile number. */
export function normalizeMsisdn(value: string | null | undefined): string | null {
  return normalizePhone(value?.trim() ?? null);
}

const SKIPPED_PREFIXES = [
  '/api/',
  '/restapi/',
  '/assets/',
  '/uploads/',
  '/__dev/',
  '/__sim/',
  '/_build/',
  '/healthz',
  '/readyz',
  '/callback',
];

/**
 * Whether a request is a browser navigation to a page that may be redirected: a GET for an HTML
 * document, not an API call, an asset, a data request (`*.data`), a prefetch, a health check, or
 * /callback itself.
 */
export function isPageNavigation(input: {
  method: string;
  url: string;
  accept: string | undefined;
  fetchDest: string | undefined;
  purpose: string | undefined;
}): boolean {
  if (input.method !== 'GET') return false;
  const pathname = input.url.split('?')[0] ?? '/';
  if (SKIPPED_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix)))
    return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return false;
  if (input.fetchDest && input.fetchDest !== 'document') return false;
  if (input.purpose && /prefetch|prerender/i.test(input.purpose)) return false;
  return Boolean(input.accept?.includes('text/html'));
}
