/** The identity settings, read once from the checked environment. */
import type { Env } from '../../config/env.ts';
import type { FacebookSettings } from './facebook.ts';
import type { OidcSettings } from './oidc-client.ts';
import type { RecognitionSettings } from './recognition.ts';
import type { ZaloSettings } from './zalo.ts';
import { ZALO_SIMULATOR_APP, ZALO_SIMULATOR_PREFIX } from './zalo-simulator.ts';

export const SSO_CALLBACK_PATH = '/api/user/login_sso/callback';
export const ZALO_SIGN_IN_CALLBACK_PATH = '/api/user/login_zalo/callback';
export const socialCallbackPath = (provider: 'google' | 'facebook' | 'zalo') =>
  `/api/user/social_network/${provider}/callback`;

export interface IdentityConfig {
  publicUrl: string;
  secureCookies: boolean;
  recognition: RecognitionSettings;
  /** Simulator of the operator's recognition page (development and demo only). */
  recognitionSimulator: boolean;
  sso: OidcSettings | null;
  google: OidcSettings | null;
  facebook: FacebookSettings | null;
  /** Zalo Login: the configured app, else the simulator's outside production, else off. */
  zalo: ZaloSettings | null;
  /** Mount the Zalo simulator (ZALO_SIMULATOR, never in production). */
  zaloSimulator: boolean;
}

function readZalo(env: Env): IdentityConfig['zalo'] {
  const urls = {
    redirectUri: `${env.PUBLIC_URL}${socialCallbackPath('zalo')}`,
    signInRedirectUri: `${env.PUBLIC_URL}${ZALO_SIGN_IN_CALLBACK_PATH}`,
  };
  if (env.ZALO_APP_ID && env.ZALO_SECRET_KEY) {
    const app = { appId: env.ZALO_APP_ID, secretKey: env.ZALO_SECRET_KEY };
    return { ...app, oauthUrl: env.ZALO_OAUTH_URL, graphUrl: env.ZALO_GRAPH_URL, ...urls };
  }
  if (!env.ZALO_SIMULATOR) return null;
  const simulator = `${env.PUBLIC_URL}${ZALO_SIMULATOR_PREFIX}`;
  return { ...ZALO_SIMULATOR_APP, oauthUrl: `${simulator}/v4`, graphUrl: `${simulator}/v2.0`, ...urls };
}

export function readIdentityConfig(env: Env): IdentityConfig {
  const production = env.APP_ENV === 'production';
  const secureCookies = production;
  return {
    publicUrl: env.PUBLIC_URL,
    secureCookies,
    recognition: {
      enabled: env.DISABLED_RECOGNITION < 1 && Boolean(env.RECOGNITION_URL) && Boolean(env.RECOGNITION_KEY),
      url: env.RECOGNITION_URL,
      key: env.RECOGNITION_KEY,
      serviceId: env.RECOGNITION_SERVICE_ID,
      trusted: env.RECOGNITION_TRUSTED,
      publicUrl: env.PUBLIC_URL,
      secureCookies,
    },
    recognitionSimulator: env.APP_ENV === 'development' || env.APP_ENV === 'demo',
    sso:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            redirectUri: `${env.PUBLIC_URL}${SSO_CALLBACK_PATH}`,
            scope: 'openid email profile',
            allowInsecure: !production,
          }
        : null,
    google: env.GOOGLE_CLIENT_ID
      ? {
          issuer: env.GOOGLE_ISSUER,
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          redirectUri: `${env.PUBLIC_URL}${socialCallbackPath('google')}`,
          scope: 'openid email profile',
          allowInsecure: !production,
        }
      : null,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            graphUrl: env.FACEBOOK_GRAPH_URL,
            dialogUrl: env.FACEBOOK_DIALOG_URL,
            redirectUri: `${env.PUBLIC_URL}${socialCallbackPath('facebook')}`,
          }
        : null,
    zalo: readZalo(env),
    zaloSimulator: env.ZALO_SIMULATOR,
  };
}
