/**
 * One OpenID Connect relying party (openid-client v6): authorization code + PKCE (S256) with state
 * and nonce, and ID tokens presented by an app checked against the issuer's keys (jose). Used for
 * single sign-on (login_sso.json) and for Google accounts linked in the profile.
 */
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  redirectUri: string;
  scope: string;
  /** Plain-http issuers (a local test provider): never in production. */
  allowInsecure: boolean;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ExternalIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Why the provider did not give us an identity: it could not be reached, or it (or our checks) said no. */
export class OidcError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

const TIMEOUT_SECONDS = 10;

function toIdentity(claims: JWTPayload | client.IDToken | undefined): ExternalIdentity {
  if (!claims || typeof claims.sub !== 'string' || !claims.sub)
    throw new OidcError('rejected', 'ID token without a subject');
  const email = typeof claims.email === 'string' ? claims.email : null;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const name = typeof claims.name === 'string' ? claims.name : null;
  return { subject: claims.sub, email, emailVerified: Boolean(email) && verified, name };
}

/** A network failure or a 5xx is "unavailable"; everything else is the provider or our checks saying no. */
function classify(error: unknown, what: string): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof client.ResponseBodyError) {
    return new OidcError(error.status >= 500 ? 'unavailable' : 'rejected', `${what}: ${error.error}`, { cause: error });
  }
  if (error instanceof client.AuthorizationResponseError)
    return new OidcError('rejected', `${what}: ${error.error}`, { cause: error });
  const code = (error as { code?: unknown })?.code;
  if (
    code === 'OAUTH_TIMEOUT' ||
    (error instanceof TypeError && /fetch/i.test(error.message)) ||
    (error as Error)?.name === 'AbortError'
  ) {
    return new OidcError('unavailable', `${what}: unreachable`, { cause: error });
  }
  return new OidcError('rejected', `${what}: ${(error as Error)?.message ?? 'failed'}`, { cause: error });
}

export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<client.Configuration> | null = null;
  let keys: ReturnType<typeof createRemoteJWKSet> | null = null;

  /** The provider's metadata, discovered once; a failed discovery is retried on the next call. */
  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        { timeout: TIMEOUT_SECONDS, ...(settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : {}) },
      )
      .catch((error: unknown) => {
        configuration = null;
        throw classify(error, 'discovery');
      });
    return configuration;
  }

  return {
    settings,

    /** Where to send the browser, and the secrets to keep until it comes back. */
    async start(): Promise<AuthorizationStart> {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code (once: providers refuse a replay) and validates the ID token (iss, aud, exp, nonce). */
    async exchange(
      response: { code: string; state: string; iss?: string | undefined },
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<ExternalIdentity> {
      const config = await discover();
      const callbackUrl = new URL(settings.redirectUri);
      callbackUrl.searchParams.set('code', response.code);
      callbackUrl.searchParams.set('state', response.state);
      if (response.iss) callbackUrl.searchParams.set('iss', response.iss);
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const identity = toIdentity(tokens.claims());
        // Many providers keep the e-mail out of the ID token in the code flow: ask the UserInfo endpoint.
        if (!identity.email && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, identity.subject);
          const extra = toIdentity({ ...info, sub: identity.subject });
          return {
            ...identity,
            email: extra.email,
            emailVerified: extra.emailVerified,
            name: identity.name ?? extra.name,
          };
        }
        return identity;
      } catch (error) {
        throw classify(error, 'code exchange');
      }
    },

    /** An ID token an app obtained itself (e.g. Google Sign-In): signature, issuer, audience and expiry. */
    async verifyIdToken(idToken: string): Promise<ExternalIdentity> {
      const config = await discover();
      const metadata = config.serverMetadata();
      if (!metadata.jwks_uri) throw new OidcError('unavailable', 'issuer without jwks_uri');
      keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: TIMEOUT_SECONDS * 1000 });
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: metadata.issuer,
          audience: settings.clientId,
          clockTolerance: 30,
        });
        return toIdentity(payload);
      } catch (error) {
        const code = (error as { code?: unknown })?.code;
        if (code === 'ERR_JWKS_TIMEOUT' || (error instanceof TypeError && /fetch/i.test(error.message))) {
          throw new OidcError('unavailable', 'jwks: unreachable', { cause: error });
        }
        throw new OidcError('rejected', `id token: ${(error as Error)?.message ?? 'invalid'}`, { cause: error });
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
