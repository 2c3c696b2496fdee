/**
 * SPEC §4: a session is valid only if the site matches, the user info has more than one key and
 * the token's exp (seconds) is in the future. Pure, so the server and the browser agree.
 */
export const SESSION_LIFETIME_SECONDS = 3 * 24 * 3600;

export interface StoredSession {
  userInfo: Record<string, unknown> | null | undefined;
  site: string | null | undefined;
}

/** Reads the `exp` claim of a JWT without verifying it (the server verifies separately). */
export function readTokenExpiry(token: unknown): number | null {
  if (typeof token !== 'string') return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp : null;
  } catch {
    return null;
  }
}

export function isSessionValid(
  session: StoredSession,
  siteLabel: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!session.site || session.site !== siteLabel) return false;
  const info = session.userInfo;
  if (!info || typeof info !== 'object' || Object.keys(info).length <= 1) return false;
  const exp = readTokenExpiry(info.token);
  return exp !== null && exp > nowSeconds;
}
