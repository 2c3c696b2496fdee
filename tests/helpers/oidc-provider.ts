/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a free port, for the SSO and Google
 * linking tests, and a "browser" that signs a test account in through its interaction forms.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import Provider, { type ClientMetadata } from 'oidc-provider';

export interface TestOidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The people who can sign in, by account id (= sub); tests add and change them. */
  accounts: Map<string, TestOidcAccount>;
  /**
   * Follows an authorization URL like a browser (cookies, redirects), signs `accountId` in, consents,
   * and returns the URL the provider finally sends the browser to (the client's redirect_uri).
   */
  authorize(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(name.length + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The action and the fields of the first form on a page. */
function readForm(html: string, base: string): { action: URL; fields: URLSearchParams } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in the provider's page:\n${html.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input([^>]*)>/gi)) {
    const name = /name="([^"]+)"/.exec(input[1]!)?.[1];
    const value = /value="([^"]*)"/.exec(input[1]!)?.[1] ?? '';
    if (name) fields.set(name, value.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  }
  return { action: new URL(form[1]!.replace(/&amp;/g, '&'), base), fields };
}

export async function startOidcProvider(clients: ClientMetadata[]): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestOidcAccount>();

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      ...client,
    })),
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...accounts.get(id)!, sub: id }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['khai-tri-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new CookieJar();
    let next: { url: URL; init?: RequestInit } = { url: new URL(authorizationUrl) };
    for (let step = 0; step < 12; step += 1) {
      if (next.url.origin !== issuer) return next.url;
      const response = await fetch(next.url, {
        ...next.init,
        redirect: 'manual',
        headers: { ...(next.init?.headers ?? {}), cookie: jar.header() },
      });
      jar.store(response);
      if (response.status >= 300 && response.status < 400) {
        next = { url: new URL(response.headers.get('location')!, next.url) };
        continue;
      }
      const html = await response.text();
      if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`);
      const form = readForm(html, next.url.href);
      if (form.fields.get('prompt') === 'login') {
        form.fields.set('login', accountId);
        form.fields.set('password', 'any');
      }
      next = {
        url: form.action,
        init: {
          method: 'POST',
          body: form.fields.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      };
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    issuer,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What Google Sign-In gives an app: an ID token for `accountId`, issued to `app` (redirected to `redirectUri`). */
export async function obtainIdToken(
  idp: TestOidcProvider,
  app: { client_id: string; client_secret: string },
  redirectUri: string,
  accountId: string,
): Promise<string> {
  const config = await client.discovery(
    new URL(idp.issuer),
    app.client_id,
    app.client_secret,
    client.ClientSecretPost(app.client_secret),
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const back = await idp.authorize(url.href, accountId);
  const tokens = await client.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.id_token!;
}
