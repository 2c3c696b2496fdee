/**
 * Zalo Login (OAuth v4 with PKCE; not OpenID Connect): the permission page gives a code, the code
 * and our PKCE verifier (with the app's secret key) give an access token, and the Graph API's `me`
 * says who it is. Zalo gives no e-mail, and the phone number only with an extra permission we do
 * not ask for: a Zalo account is known by its id alone. See docs/decisions/0023-zalo.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OidcError, type AuthorizationStart, type ExternalIdentity } from './oidc-client.ts';

export interface ZaloSettings {
  appId: string;
  secretKey: string;
  /** https://oauth.zaloapp.com/v4 (or the simulator's). */
  oauthUrl: string;
  /** https://graph.zalo.me/v2.0 (or the simulator's). */
  graphUrl: string;
  /** The profile's link callback. */
  redirectUri: string;
  /** The sign-in callback. */
  signInRedirectUri?: string;
}

const TIMEOUT_MS = 10_000;

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** Zalo answers errors with HTTP 200 and `error` ≠ 0 (or `error_name`): both are a refusal. */
async function readJson(request: Promise<Response>, what: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    throw new OidcError('unavailable', `zalo ${what}: unreachable`, { cause: error });
  }
  if (response.status >= 500) throw new OidcError('unavailable', `zalo ${what}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new OidcError('unavailable', `zalo ${what}: not JSON`, { cause: error });
  }
  if (!response.ok || !body || typeof body !== 'object')
    throw new OidcError('rejected', `zalo ${what}: HTTP ${response.status}`);
  const record = body as Record<string, unknown>;
  if ((record.error !== undefined && Number(record.error) !== 0) || record.error_name)
    throw new OidcError('rejected', `zalo ${what}: ${String(record.error_name ?? record.message ?? record.error)}`);
  return record;
}

export function createZaloClient(settings: ZaloSettings) {
  return {
    settings,

    /** The permission page URL; the state and the verifier stay with us (sealed in a cookie). */
    start(redirectUri = settings.redirectUri): Promise<AuthorizationStart> {
      const codeVerifier = randomBytes(32).toString('base64url');
      const state = randomBytes(18).toString('base64url');
      const url = new URL(`${trimmed(settings.oauthUrl)}/permission`);
      url.searchParams.set('app_id', settings.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('code_challenge', pkceChallenge(codeVerifier));
      url.searchParams.set('state', state);
      return Promise.resolve({ url: url.href, state, nonce: '', codeVerifier });
    },

    /** The code (once: Zalo refuses a replay) and our verifier → an access token → the profile. */
    async exchange(
      response: { code: string; state: string },
      expected: { state: string; codeVerifier: string },
    ): Promise<ExternalIdentity> {
      if (response.state !== expected.state) throw new OidcError('rejected', 'zalo: state mismatch');
      const token = await readJson(
        fetch(`${trimmed(settings.oauthUrl)}/access_token`, {
          method: 'POST',
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: {
            secret_key: settings.secretKey,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({
            code: response.code,
            app_id: settings.appId,
            grant_type: 'authorization_code',
            code_verifier: expected.codeVerifier,
          }),
        }),
        'access token',
      );
      if (typeof token.access_token !== 'string' || !token.access_token)
        throw new OidcError('rejected', 'zalo: no access token');
      const url = new URL(`${trimmed(settings.graphUrl)}/me`);
      url.searchParams.set('fields', 'id,name,picture');
      const me = await readJson(
        fetch(url, {
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: { access_token: token.access_token, accept: 'application/json' },
        }),
        'profile',
      );
      const id = typeof me.id === 'string' || typeof me.id === 'number' ? String(me.id) : '';
      if (!/^\d{1,40}$/.test(id)) throw new OidcError('rejected', 'zalo: profile without an id');
      return { subject: id, email: null, emailVerified: false, name: typeof me.name === 'string' ? me.name : null };
    },
  };
}

export type ZaloClient = ReturnType<typeof createZaloClient>;
