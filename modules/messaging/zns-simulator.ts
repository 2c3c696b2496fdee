/**
 * The Zalo side of ZNS, simulated for development, the demo and tests (never in production): it
 * issues Official Account tokens that expire (25 hours, as Zalo's), answers a template send with an
 * expired or unknown access token by Zalo's "access token invalid" error, and implements the OA
 * token refresh with single-use refresh tokens (decision 0023, "Keeping the OA token fresh").
 * Tokens are signed (HMAC over their kind and expiry) so they stay valid across restarts; the spent
 * refresh tokens are remembered by this instance. The same core answers in-process (the dev
 * simulator) and behind an HTTP stand-in (tests).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** ZNS's answer to a send with an invalid or expired access token (-124); -216 is the OA API's. */
export const ZNS_TOKEN_ERRORS: readonly number[] = [-124, -216];
/** A Zalo OA access token lives 25 hours; a refresh token 3 months. */
export const ZALO_ACCESS_TTL_SECONDS = 25 * 60 * 60;
const REFRESH_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface ZnsSimulatorOptions {
  appId: string;
  secretKey: string;
  numbers: { noZalo: string[]; failing: string[] };
  /** The life of issued access tokens (default 25 h). */
  accessTtlSeconds?: number;
}

export interface ZnsAnswer {
  error: number;
  message: string;
}

export type ZnsRefreshAnswer =
  | { access_token: string; refresh_token: string; expires_in: string }
  | { error: number; error_name: string; error_description: string };

export type ZnsSimulator = ReturnType<typeof createZnsSimulatorCore>;

export function createZnsSimulatorCore(options: ZnsSimulatorOptions) {
  const key = `zns-simulator:${options.appId}:${options.secretKey}`;
  const spent = new Set<string>();
  let refreshes = 0;
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

  function token(kind: 'at' | 'rt', ttlSeconds: number): string {
    const body = `${kind}.${Date.now() + ttlSeconds * 1000}.${randomBytes(9).toString('base64url')}`;
    return `${body}.${mac(body)}`;
  }

  function valid(value: string, kind: 'at' | 'rt'): boolean {
    const parts = value.split('.');
    if (parts.length !== 4 || parts[0] !== kind) return false;
    const expected = Buffer.from(mac(parts.slice(0, 3).join('.')));
    const given = Buffer.from(parts[3]!);
    return given.length === expected.length && timingSafeEqual(given, expected) && Number(parts[1]) > Date.now();
  }

  function issue(accessTtlSeconds = options.accessTtlSeconds ?? ZALO_ACCESS_TTL_SECONDS) {
    return {
      access_token: token('at', accessTtlSeconds),
      refresh_token: token('rt', REFRESH_TTL_SECONDS),
      // Zalo answers the lifetime in seconds, as a string.
      expires_in: String(accessTtlSeconds),
    };
  }

  return {
    issue,

    /** POST /message/template: Zalo's answer for this access token and phone number. */
    sendTemplate(accessToken: string, phone: string): ZnsAnswer {
      if (!valid(accessToken, 'at')) return { error: -124, message: 'Access token invalid' };
      if (options.numbers.noZalo.includes(phone)) return { error: -118, message: 'ZNS (giả lập): số chưa có Zalo' };
      if (options.numbers.failing.includes(phone)) return { error: -100, message: 'ZNS (giả lập): lỗi gửi' };
      return { error: 0, message: 'Success' };
    },

    /** POST /v4/oa/access_token, grant_type=refresh_token: a new pair, the refresh token spent. */
    refresh(form: { app_id?: string; grant_type?: string; refresh_token?: string }, secretKey: string | undefined) {
      const refusal = (error: number, name: string): ZnsRefreshAnswer => ({
        error,
        error_name: name,
        error_description: name,
      });
      if (form.app_id !== options.appId || secretKey !== options.secretKey) return refusal(-14002, 'Invalid app');
      if (form.grant_type !== 'refresh_token') return refusal(-14003, 'Invalid grant type');
      const presented = form.refresh_token ?? '';
      if (!valid(presented, 'rt') || spent.has(presented)) return refusal(-14014, 'Invalid refresh token');
      spent.add(presented);
      refreshes += 1;
      return issue();
    },

    /** How many refresh tokens were spent (tests). */
    get refreshes(): number {
      return refreshes;
    },
  };
}
