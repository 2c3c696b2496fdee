/**
 * The web session of SPEC §3/§4: cookie `kt_user` holds the user info (token, id, full name) and
 * `kt_site` the site label; both HttpOnly, SameSite=Lax, 3 days. Logout clears both.
 */
import { parseCookies } from '../../lib/cookies.ts';
import { isSessionValid, SESSION_LIFETIME_SECONDS } from '../../lib/session.ts';

export const USER_COOKIE = 'kt_user';
export const SITE_COOKIE = 'kt_site';

function serialize(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function buildSessionCookies(input: {
  token: string;
  userId: number;
  fullName: string;
  siteLabel: string;
  secure: boolean;
}): string[] {
  const info = Buffer.from(
    JSON.stringify({ token: input.token, id: input.userId, full_name: input.fullName }),
  ).toString('base64url');
  return [
    serialize(USER_COOKIE, info, SESSION_LIFETIME_SECONDS, input.secure),
    serialize(SITE_COOKIE, encodeURIComponent(input.siteLabel), SESSION_LIFETIME_SECONDS, input.secure),
  ];
}

export function buildClearedSessionCookies(secure: boolean): string[] {
  return [serialize(USER_COOKIE, '', 0, secure), serialize(SITE_COOKIE, '', 0, secure)];
}

export interface CookieSession {
  /** Whether the browser sent session cookies at all. */
  present: boolean;
  /** The token when the stored session passes the SPEC §4 rule; null otherwise. */
  token: string | null;
}

export function readCookieSession(cookieHeader: string | undefined, siteLabel: string): CookieSession {
  const cookies = parseCookies(cookieHeader);
  const rawInfo = cookies.get(USER_COOKIE);
  const rawSite = cookies.get(SITE_COOKIE);
  if (!rawInfo && !rawSite) return { present: false, token: null };
  let userInfo: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(rawInfo ?? '', 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) userInfo = parsed as Record<string, unknown>;
  } catch {
    userInfo = null;
  }
  let site: string | null = null;
  try {
    site = rawSite ? decodeURIComponent(rawSite) : null;
  } catch {
    site = null;
  }
  if (!isSessionValid({ userInfo, site }, siteLabel)) return { present: true, token: null };
  return { present: true, token: String(userInfo!.token) };
}
