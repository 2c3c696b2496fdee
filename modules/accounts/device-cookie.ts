/**
 * The device cookie `kt_device`: a random id a browser keeps for a year, so password-guessing
 * limits can tell the owner's own phone from everyone else behind the same carrier-NAT address
 * (sign-in-guard.ts). The app sends the same id in `x-device-id`. It carries no identity: only a
 * successful sign-in makes a device known to an account, server side.
 */
import { randomBytes } from 'node:crypto';
import { parseCookies } from '../../lib/cookies.ts';

export const DEVICE_COOKIE = 'kt_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The id a browser (cookie) or the app (`x-device-id`) sent, when well formed. */
export function readDeviceId(cookieHeader: string | undefined, headerValue: unknown): string | null {
  const fromCookie = parseCookies(cookieHeader).get(DEVICE_COOKIE);
  if (fromCookie && DEVICE_ID.test(fromCookie)) return fromCookie;
  return typeof headerValue === 'string' && DEVICE_ID.test(headerValue) ? headerValue : null;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function buildDeviceCookie(id: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
