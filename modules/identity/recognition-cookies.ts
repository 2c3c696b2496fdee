/**
 * The cookies of operator phone-number recognition: `isCheck` (SPEC §4: the attempt, as
 * `{ time, redirect, path }`), the recognised number the sign-in pages pre-fill, and the flag the
 * shell turns into the `celluar` session flag. No crypto here: page modules import it.
 */
import { parseCookies } from '../../lib/cookies.ts';
import { formatPhone, normalizePhone } from '../../lib/phone.ts';
import { resolveRedirectTarget } from '../../lib/redirect-target.ts';

/** SPEC §4: the cookie that records a recognition attempt: `{ time, redirect, path }`. */
export const ATTEMPT_COOKIE = 'isCheck';
/** How long an attempt is remembered: no second redirect within this time. */
export const ATTEMPT_TTL_SECONDS = 24 * 3600;
/** How long after our redirect the operator's answer is accepted as the answer to it. */
export const ATTEMPT_PENDING_MS = 10 * 60_000;
/** The recognised number, for the sign-in pages to pre-fill (HttpOnly, short-lived). */
export const RECOGNIZED_PHONE_COOKIE = 'kt_msisdn';
export const RECOGNIZED_PHONE_TTL_SECONDS = 15 * 60;
/** Set when the operator recognised the visitor; the shell turns it into the `celluar` session flag. */
export const CELLULAR_COOKIE = 'kt_celluar';

const MAX_PATH_LENGTH = 1000;

export interface RecognitionAttempt {
  /** When the attempt started, in milliseconds. */
  time: number;
  /** true while we wait for the operator's answer; false once it is settled (answered, header, or abandoned). */
  redirect: boolean;
  /** Where the visitor was going. */
  path: string;
}

/** Only same-site paths (lib/redirect-target.ts): anything else becomes '/'. */
export function toSafePath(target: string | null | undefined): string {
  const path = resolveRedirectTarget(target);
  return path.length > MAX_PATH_LENGTH ? '/' : path;
}

export function readAttempt(cookieHeader: string | undefined | null): RecognitionAttempt | null {
  const raw = parseCookies(cookieHeader).get(ATTEMPT_COOKIE);
  if (raw === undefined) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (value && typeof value === 'object') {
      const { time, redirect, path } = value as Record<string, unknown>;
      return {
        time: typeof time === 'number' && Number.isFinite(time) ? time : 0,
        redirect: redirect === true,
        path: toSafePath(typeof path === 'string' ? path : '/'),
      };
    }
  } catch {
    // A cookie we cannot read still counts as an earlier attempt: never redirect twice.
  }
  return { time: 0, redirect: false, path: '/' };
}

function serializeCookie(
  name: string,
  value: string,
  options: { maxAge: number; httpOnly: boolean; secure: boolean },
): string {
  return `${name}=${value}; Path=/; Max-Age=${options.maxAge}; ${options.httpOnly ? 'HttpOnly; ' : ''}SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

export function buildAttemptCookie(attempt: RecognitionAttempt, secure: boolean): string {
  const value = encodeURIComponent(
    JSON.stringify({ time: attempt.time, redirect: attempt.redirect, path: toSafePath(attempt.path) }),
  );
  return serializeCookie(ATTEMPT_COOKIE, value, { maxAge: ATTEMPT_TTL_SECONDS, httpOnly: true, secure });
}

export function buildRecognizedPhoneCookies(phone: string, secure: boolean): string[] {
  return [
    serializeCookie(RECOGNIZED_PHONE_COOKIE, phone, { maxAge: RECOGNIZED_PHONE_TTL_SECONDS, httpOnly: true, secure }),
    // A browser-session cookie the shell reads (not HttpOnly): the visitor is on the operator's network.
    `${CELLULAR_COOKIE}=1; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`,
  ];
}

/** The recognised number for a sign-in form, in the national form people type (0912345678). */
export function readRecognizedPhone(cookieHeader: string | undefined | null): string | null {
  const phone = normalizePhone(parseCookies(cookieHeader).get(RECOGNIZED_PHONE_COOKIE));
  return phone ? formatPhone(phone) : null;
}
