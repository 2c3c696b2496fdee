/**
 * Facebook Login: an access token is only trusted after the Graph API's `debug_token` says it is
 * valid and was issued to our app; the web flow first exchanges the dialog's code for a token.
 */
import { OidcError, type ExternalIdentity } from './oidc-client.ts';

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  graphUrl: string;
  dialogUrl: string;
  redirectUri: string;
}

const TIMEOUT_MS = 10_000;

async function getJson(url: URL): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new OidcError('unavailable', 'facebook: unreachable', { cause: error });
  }
  if (response.status >= 500) throw new OidcError('unavailable', `facebook: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new OidcError('unavailable', 'facebook: not JSON', { cause: error });
  }
  if (!response.ok || !body || typeof body !== 'object')
    throw new OidcError('rejected', `facebook: HTTP ${response.status}`);
  return body as Record<string, unknown>;
}

export function createFacebookClient(settings: FacebookSettings) {
  const graph = (path: string, params: Record<string, string>) => {
    const url = new URL(`${settings.graphUrl.replace(/\/+$/, '')}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };

  async function verifyAccessToken(accessToken: string): Promise<ExternalIdentity> {
    const debug = await getJson(
      graph('debug_token', { input_token: accessToken, access_token: `${settings.appId}|${settings.appSecret}` }),
    );
    const data = (debug.data ?? {}) as Record<string, unknown>;
    if (
      data.is_valid !== true ||
      String(data.app_id ?? '') !== settings.appId ||
      typeof data.user_id !== 'string' ||
      !data.user_id
    ) {
      throw new OidcError('rejected', 'facebook: token not valid for this app');
    }
    const me = await getJson(graph('me', { fields: 'id,name,email', access_token: accessToken }));
    if (String(me.id ?? '') !== data.user_id) throw new OidcError('rejected', 'facebook: token subject mismatch');
    const email = typeof me.email === 'string' ? me.email : null;
    // Facebook only returns addresses the person has confirmed.
    return {
      subject: data.user_id,
      email,
      emailVerified: Boolean(email),
      name: typeof me.name === 'string' ? me.name : null,
    };
  }

  return {
    settings,
    verifyAccessToken,

    /** The Login dialog URL for the web flow. */
    buildDialogUrl(state: string): string {
      const url = new URL(settings.dialogUrl);
      url.searchParams.set('client_id', settings.appId);
      url.searchParams.set('redirect_uri', settings.redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'public_profile,email');
      return url.href;
    },

    /** The dialog's code → an access token → the verified person. */
    async exchangeCode(code: string): Promise<ExternalIdentity> {
      const token = await getJson(
        graph('oauth/access_token', {
          client_id: settings.appId,
          client_secret: settings.appSecret,
          redirect_uri: settings.redirectUri,
          code,
        }),
      );
      if (typeof token.access_token !== 'string' || !token.access_token)
        throw new OidcError('rejected', 'facebook: no access token');
      return verifyAccessToken(token.access_token);
    },
  };
}

export type FacebookClient = ReturnType<typeof createFacebookClient>;
