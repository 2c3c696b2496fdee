/**
 * Sign-in with Zalo: OAuth v4 + PKCE, the attempt (state, verifier, where to go back) sealed in a
 * cookie for the callback. Zalo gives neither an e-mail nor a phone number, so it signs in only the
 * account that linked this Zalo id in its profile; an unknown Zalo id is told so (no account is made
 * without a way to reach the learner). See docs/decisions/0023-zalo.md.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseCookies } from '../../lib/cookies.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExternalSignIn, RequestMeta, SignedIn } from '../accounts/index.ts';
import * as repo from './identity.repository.ts';
import type { ExternalIdentity } from './oidc-client.ts';
import { staleState, stateCookie, STATE_TTL_SECONDS } from './oauth-state.ts';
import { toSafePath } from './recognition-cookies.ts';
import type { ZaloClient } from './zalo.ts';

export const ZALO_STATE_COOKIE = 'kt_zalo';
const COOKIE_PATH = '/api/user/login_zalo';

export interface ZaloSignInDeps {
  db: Kysely<Database>;
  external: ExternalSignIn<SignedIn>;
  client: ZaloClient | null;
  secureCookies: boolean;
  explain: (error: unknown, label: string) => never;
}

export function createZaloSignIn({ db, external, client, secureCookies, explain }: ZaloSignInDeps) {
  const requireZalo = () => {
    if (!client) throw new AppError('NOT_FOUND', 'Đăng nhập bằng Zalo chưa được bật.');
    return client;
  };

  return {
    zaloSignInEnabled: () => client !== null,

    /** The Zalo permission page; state, the PKCE verifier and the return path ride in a sealed cookie. */
    async startZaloSignIn(redirect: string | null | undefined): Promise<{ url: string; cookie: string }> {
      const zalo = requireZalo();
      const start = await zalo.start(zalo.settings.signInRedirectUri);
      const sealed = external.seal(
        'zalo',
        { state: start.state, verifier: start.codeVerifier, redirect: toSafePath(redirect) },
        STATE_TTL_SECONDS,
      );
      return {
        url: start.url,
        cookie: stateCookie(ZALO_STATE_COOKIE, COOKIE_PATH, sealed, STATE_TTL_SECONDS, secureCookies),
      };
    },

    clearZaloCookie: () => stateCookie(ZALO_STATE_COOKIE, COOKIE_PATH, '', 0, secureCookies),

    /**
     * The callback: our own sealed state must match (a forged or replayed callback has none, or an
     * old one), the code is exchanged once with our verifier, then the linked account signs in.
     * `signedIn` is null when no account has linked this Zalo id.
     */
    async finishZaloSignIn(
      response: { code: string; state: string },
      cookieHeader: string | undefined,
      meta: RequestMeta,
    ): Promise<{ signedIn: SignedIn | null; redirect: string }> {
      const zalo = requireZalo();
      const sealed = external.unseal('zalo', parseCookies(cookieHeader).get(ZALO_STATE_COOKIE));
      if (!sealed || typeof sealed.state !== 'string' || sealed.state !== response.state) throw staleState();
      let identity: ExternalIdentity;
      try {
        identity = await zalo.exchange(response, { state: sealed.state, codeVerifier: String(sealed.verifier) });
      } catch (error) {
        return explain(error, 'Zalo');
      }
      const redirect = toSafePath(typeof sealed.redirect === 'string' ? sealed.redirect : '/');
      const linked = await repo.findSocialAccount(db, 'zalo', identity.subject);
      if (!linked) return { signedIn: null, redirect };
      return { signedIn: await external.signInUserId(linked.user_id, 'zalo', meta), redirect };
    },
  };
}
