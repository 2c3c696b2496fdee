/**
 * Identity beyond passwords and OTP: operator phone-number recognition (SPEC §6), single sign-on
 * with OpenID Connect (login_sso.json) and Google/Facebook accounts linked in the profile
 * (social_network_link.json / unlink_social_network.json). Accounts and sessions stay with the
 * accounts service; this module decides whom to believe and keeps the links.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso, readDate, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database, SocialProvider } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountsService, SignedIn } from '../accounts/accounts.service.ts';
import type { RequestMeta } from '../accounts/sessions.ts';
import { createFacebookClient, type FacebookClient } from './facebook.ts';
import type { IdentityConfig } from './identity.config.ts';
import * as repo from './identity.repository.ts';
import { parseCookies } from '../../lib/cookies.ts';
import { createOidcClient, OidcError, type ExternalIdentity, type OidcClient } from './oidc-client.ts';
import { staleState, stateCookie, STATE_TTL_SECONDS } from './oauth-state.ts';
import { createZaloClient } from './zalo.ts';
import { createZaloSignIn } from './zalo-sign-in.ts';
import { buildRecognitionRedirect, decryptMsisdn, normalizeMsisdn, readCallbackQuery } from './recognition.ts';
import {
  ATTEMPT_PENDING_MS,
  buildAttemptCookie,
  buildRecognizedPhoneCookies,
  readAttempt,
  toSafePath,
} from './recognition-cookies.ts';

export const SSO_STATE_COOKIE = 'kt_sso';
export const SOCIAL_STATE_COOKIE = 'kt_social';

export type LinkableProvider = 'google' | 'facebook' | 'zalo';

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  zalo: 'Zalo',
  sso: 'Đăng nhập một lần (SSO)',
};

export interface LinkedAccount {
  provider: SocialProvider;
  label: string;
  /** Whether linking is offered (the provider is configured); SSO is linked by signing in with it. */
  configured: boolean;
  linked: { email: string | null; created_at: string } | null;
}

export interface IdentityLogger {
  warn(details: object, message: string): void;
}

export interface IdentityDeps {
  db: Kysely<Database>;
  accounts: AccountsService;
  config: IdentityConfig;
  log?: IdentityLogger;
}

export interface RecognitionOutcome {
  location: string;
  cookies: string[];
  /** Set when a trusted operator recognised the number of an active account. */
  signedIn: SignedIn | null;
}

export function createIdentityService({ db, accounts, config, log }: IdentityDeps) {
  const sso: OidcClient | null = config.sso ? createOidcClient(config.sso) : null;
  const google: OidcClient | null = config.google ? createOidcClient(config.google) : null;
  const facebook: FacebookClient | null = config.facebook ? createFacebookClient(config.facebook) : null;
  const zalo = config.zalo ? createZaloClient(config.zalo) : null;
  const clients = { google, facebook, zalo };
  const recognition = config.recognition;
  const external = accounts.external;

  /** Turns what a provider said into the answer the learner sees (never a 401: that would sign the web out). */
  function explain(error: unknown, label: string): never {
    if (error instanceof OidcError) {
      log?.warn({ err: error, cause: error.cause }, `identity provider: ${error.message}`);
      if (error.kind === 'unavailable') {
        throw new AppError('BUSINESS_RULE', `Không kết nối được với ${label}. Vui lòng thử lại sau.`);
      }
      throw new AppError(
        'BUSINESS_RULE',
        `Không xác minh được tài khoản ${label}. Vui lòng đăng nhập lại với ${label}.`,
      );
    }
    throw error;
  }

  function requireProvider(provider: LinkableProvider) {
    const configured = clients[provider];
    if (!configured)
      throw new AppError('BUSINESS_RULE', `Chưa hỗ trợ liên kết tài khoản ${PROVIDER_LABELS[provider]}.`);
    return configured;
  }

  /**
   * Links once: the same link made twice at once ends linked, a link another learner (or another
   * account of this provider) took in between gets the refusal it would get a moment later.
   */
  function link(userId: number, provider: SocialProvider, identity: ExternalIdentity): Promise<void> {
    return retryOnUniqueViolation(() => linkChecked(userId, provider, identity));
  }

  async function linkChecked(userId: number, provider: SocialProvider, identity: ExternalIdentity): Promise<void> {
    const label = PROVIDER_LABELS[provider];
    const owner = await repo.findSocialAccount(db, provider, identity.subject);
    if (owner) {
      if (owner.user_id === userId) return;
      throw new AppError('CONFLICT', `Tài khoản ${label} này đã được liên kết với một tài khoản khác.`, {
        provider: 'Đã liên kết với tài khoản khác.',
      });
    }
    const mine = (await repo.listSocialAccountsOfUser(db, userId)).find((row) => row.provider === provider);
    // The same link made a moment ago by a concurrent request (after the owner check above).
    if (mine?.provider_user_id === identity.subject) return;
    if (mine) {
      throw new AppError('CONFLICT', `Bạn đã liên kết một tài khoản ${label} khác. Hãy hủy liên kết trước.`, {
        provider: 'Đã liên kết tài khoản khác.',
      });
    }
    await repo.insertSocialAccount(db, {
      user_id: userId,
      provider,
      provider_user_id: identity.subject,
      email: identity.emailVerified ? identity.email : null,
      created_at: nowIso(),
    });
  }

  async function listLinkedAccounts(userId: number): Promise<LinkedAccount[]> {
    const rows = await repo.listSocialAccountsOfUser(db, userId);
    const byProvider = new Map(rows.map((row) => [row.provider, row]));
    // Zalo (newer) and SSO are listed only when offered or linked: the older answers keep their shape.
    const providers = (['google', 'facebook', 'zalo', 'sso'] as const).filter(
      (provider) =>
        provider === 'google' || provider === 'facebook' || byProvider.has(provider) || (provider === 'zalo' && zalo),
    );
    return providers.map((provider) => {
      const row = byProvider.get(provider);
      return {
        provider,
        label: PROVIDER_LABELS[provider],
        configured: provider === 'sso' ? false : clients[provider] !== null,
        linked: row ? { email: row.email, created_at: readDate(row.created_at).toISOString() } : null,
      };
    });
  }

  return {
    config,

    /** Unlinks every Google, Facebook, SSO and Zalo account of a user (account deletion, modules/privacy). */
    forgetLinkedAccounts: (userId: number) => repo.deleteSocialAccountsOf(db, userId),

    // ── Operator phone-number recognition ──────────────────────────────────────────────────────

    /**
     * The first page view of an eligible visitor: with the operator's `msisdn` header the number is
     * used at once (pre-filled for sign-in, never a sign-in by itself: a header proves nothing unless
     * the operator's gateway sets it); otherwise one redirect to the recognition service.
     */
    beginRecognition(path: string, msisdnHeader: string | undefined): { location: string | null; cookies: string[] } {
      const safePath = toSafePath(path);
      const now = Date.now();
      if (msisdnHeader !== undefined) {
        const phone = normalizeMsisdn(msisdnHeader);
        return {
          location: null,
          cookies: [
            buildAttemptCookie({ time: now, redirect: false, path: safePath }, config.secureCookies),
            ...(phone ? buildRecognizedPhoneCookies(phone, config.secureCookies) : []),
          ],
        };
      }
      return {
        location: buildRecognitionRedirect(recognition, safePath),
        cookies: [buildAttemptCookie({ time: now, redirect: true, path: safePath }, config.secureCookies)],
      };
    },

    /**
     * /callback: the operator's answer. The attempt is settled whatever it says (never a loop); a
     * number is pre-filled; a trusted operator's number of an active account signs in, but only as
     * the answer to our own redirect of the last few minutes (no drive-by sign-in from a stored link).
     */
    async completeRecognition(
      search: URLSearchParams,
      cookieHeader: string | undefined,
      meta: RequestMeta,
      options: { signedIn: boolean } = { signedIn: false },
    ): Promise<RecognitionOutcome> {
      const { path: returnedPath, link } = readCallbackQuery(search);
      const attempt = readAttempt(cookieHeader);
      const path = returnedPath !== '/' ? returnedPath : (attempt?.path ?? '/');
      const pending = Boolean(attempt?.redirect) && Date.now() - (attempt?.time ?? 0) < ATTEMPT_PENDING_MS;
      const cookies = [
        buildAttemptCookie({ time: attempt?.time || Date.now(), redirect: false, path }, config.secureCookies),
      ];
      const phone = recognition.key ? decryptMsisdn(recognition.key, link) : null;
      if (!phone) return { location: path, cookies, signedIn: null };
      cookies.push(...buildRecognizedPhoneCookies(phone, config.secureCookies));
      let signedIn: SignedIn | null = null;
      if (recognition.trusted && pending && !options.signedIn) {
        const userId = await external.findActiveUserIdByPhone(phone);
        if (userId !== null) {
          try {
            signedIn = await external.signInUserId(userId, 'recognition', meta);
          } catch (error) {
            // A locked account is simply not signed in; the number is still pre-filled.
            log?.warn({ err: error }, 'recognition sign-in refused');
          }
        }
      }
      return { location: path, cookies, signedIn };
    },

    // ── Single sign-on (OpenID Connect) ────────────────────────────────────────────────────────

    ssoConfigured: () => sso !== null,

    /** The provider's authorization URL; state, nonce and the PKCE verifier ride in a sealed cookie. */
    async startSso(redirect: string | null | undefined): Promise<{ url: string; cookie: string }> {
      if (!sso) throw new AppError('NOT_FOUND', 'Đăng nhập một lần (SSO) chưa được bật.');
      let start;
      try {
        start = await sso.start();
      } catch (error) {
        explain(error, PROVIDER_LABELS.sso);
      }
      const sealed = external.seal(
        'sso',
        { state: start.state, nonce: start.nonce, verifier: start.codeVerifier, redirect: toSafePath(redirect) },
        STATE_TTL_SECONDS,
      );
      return {
        url: start.url,
        cookie: stateCookie(SSO_STATE_COOKIE, '/api/user', sealed, STATE_TTL_SECONDS, config.secureCookies),
      };
    },

    /** The cookie that forgets an SSO attempt (after success or failure). */
    clearSsoCookie: () => stateCookie(SSO_STATE_COOKIE, '/api/user', '', 0, config.secureCookies),

    /**
     * login_sso.json: the code for tokens (once), the ID token validated, then the account: the
     * one linked to this subject, else the one of the verified e-mail (linked now), else a new one.
     */
    async finishSso(
      response: { code: string; state: string; iss?: string | undefined },
      cookieHeader: string | undefined,
      meta: RequestMeta,
    ): Promise<{ signedIn: SignedIn; redirect: string }> {
      if (!sso) throw new AppError('NOT_FOUND', 'Đăng nhập một lần (SSO) chưa được bật.');
      const sealed = external.unseal('sso', parseCookies(cookieHeader).get(SSO_STATE_COOKIE));
      if (!sealed || typeof sealed.state !== 'string' || sealed.state !== response.state) throw staleState();
      let identity: ExternalIdentity;
      try {
        identity = await sso.exchange(response, {
          state: sealed.state,
          nonce: String(sealed.nonce),
          codeVerifier: String(sealed.verifier),
        });
      } catch (error) {
        explain(error, PROVIDER_LABELS.sso);
      }
      let userId = (await repo.findSocialAccount(db, 'sso', identity.subject))?.user_id ?? null;
      if (userId === null) {
        if (!identity.email || !identity.emailVerified) {
          throw new AppError(
            'BUSINESS_RULE',
            'Tài khoản đăng nhập một lần chưa có email đã xác minh, nên chưa thể dùng để đăng nhập.',
          );
        }
        const adopted = await external.adoptVerifiedEmail({ email: identity.email, fullName: identity.name });
        await link(adopted.userId, 'sso', identity);
        userId = adopted.userId;
      }
      const signedIn = await external.signInUserId(userId, 'sso', meta);
      return { signedIn, redirect: toSafePath(typeof sealed.redirect === 'string' ? sealed.redirect : '/') };
    },

    // ── Linked social accounts ─────────────────────────────────────────────────────────────────

    isConfigured: (provider: LinkableProvider) => clients[provider] !== null,

    // ── Sign-in with Zalo (an account that linked its Zalo) ─────────────────────────────────────

    ...createZaloSignIn({ db, external, client: zalo, secureCookies: config.secureCookies, explain }),

    listLinkedAccounts,

    /** social_network_link.json: a token the app obtained (Google ID token, Facebook access token), verified with the provider. */
    async linkWithToken(
      userId: number,
      input: { provider: 'google'; id_token: string } | { provider: 'facebook'; access_token: string },
    ): Promise<LinkedAccount[]> {
      let identity: ExternalIdentity;
      try {
        identity =
          input.provider === 'google'
            ? await (requireProvider('google') as OidcClient).verifyIdToken(input.id_token)
            : await (requireProvider('facebook') as FacebookClient).verifyAccessToken(input.access_token);
      } catch (error) {
        explain(error, PROVIDER_LABELS[input.provider]);
      }
      await link(userId, input.provider, identity);
      return listLinkedAccounts(userId);
    },

    /** The web flow of the profile's "Liên kết" button: the provider's sign-in page, state in a sealed cookie. */
    async startLink(userId: number, provider: LinkableProvider): Promise<{ url: string; cookie: string }> {
      const client = requireProvider(provider);
      const path = `/api/user/social_network/${provider}`;
      if ('exchange' in client) {
        let start;
        try {
          start = await client.start();
        } catch (error) {
          explain(error, PROVIDER_LABELS[provider]);
        }
        const sealed = external.seal(
          `link:${provider}`,
          { user: userId, state: start.state, nonce: start.nonce, verifier: start.codeVerifier },
          STATE_TTL_SECONDS,
        );
        return {
          url: start.url,
          cookie: stateCookie(SOCIAL_STATE_COOKIE, path, sealed, STATE_TTL_SECONDS, config.secureCookies),
        };
      }
      const state = randomBytes(18).toString('base64url');
      const sealed = external.seal(`link:${provider}`, { user: userId, state }, STATE_TTL_SECONDS);
      return {
        url: client.buildDialogUrl(state),
        cookie: stateCookie(SOCIAL_STATE_COOKIE, path, sealed, STATE_TTL_SECONDS, config.secureCookies),
      };
    },

    clearLinkCookie: (provider: LinkableProvider) =>
      stateCookie(SOCIAL_STATE_COOKIE, `/api/user/social_network/${provider}`, '', 0, config.secureCookies),

    /** The provider sent the browser back: the same signed-in user, the same state, then link. */
    async finishLink(
      userId: number,
      provider: LinkableProvider,
      response: { code: string; state: string; iss?: string | undefined },
      cookieHeader: string | undefined,
    ): Promise<void> {
      const client = requireProvider(provider);
      const sealed = external.unseal(`link:${provider}`, parseCookies(cookieHeader).get(SOCIAL_STATE_COOKIE));
      if (!sealed || sealed.user !== userId || sealed.state !== response.state) throw staleState();
      let identity: ExternalIdentity;
      try {
        identity =
          'exchange' in client
            ? await client.exchange(response, {
                state: String(sealed.state),
                nonce: String(sealed.nonce),
                codeVerifier: String(sealed.verifier),
              })
            : await client.exchangeCode(response.code);
      } catch (error) {
        explain(error, PROVIDER_LABELS[provider]);
      }
      await link(userId, provider, identity);
    },

    /**
     * unlink_social_network.json. Refused when it would leave the account with no way to sign in:
     * no password and no other linked account.
     */
    async unlink(userId: number, provider: SocialProvider): Promise<LinkedAccount[]> {
      const label = PROVIDER_LABELS[provider];
      const rows = await repo.listSocialAccountsOfUser(db, userId);
      if (!rows.some((row) => row.provider === provider)) {
        throw new AppError('NOT_FOUND', `Bạn chưa liên kết tài khoản ${label}.`, { provider: 'Chưa liên kết.' });
      }
      if (rows.length <= 1 && !(await external.hasPassword(userId))) {
        throw new AppError(
          'BUSINESS_RULE',
          `Tài khoản ${label} đang là cách đăng nhập duy nhất của bạn. Hãy đặt mật khẩu (mục "Quên mật khẩu") trước khi hủy liên kết.`,
          { provider: 'Cách đăng nhập duy nhất.' },
        );
      }
      await repo.deleteSocialAccount(db, userId, provider);
      return listLinkedAccounts(userId);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
