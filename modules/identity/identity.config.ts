/** The identity settings, read once from the checked environment. */
import type { Env } from '../../config/env.ts';
import type { FacebookSettings } from './facebook.ts';
import type { OidcSettings } from './oidc-client.ts';
import type { RecognitionSettings } from './recognition.ts';

export const SSO_CALLBACK_PATH = '/api/user/login_sso/callback';
export const socialCallbackPath = (provider: 'google' | 'facebook') => `/api/user/social_network/${provider}/callback`;

export interface IdentityConfig {
  publicUrl: string;
  secureCookies: boolean;
  recognition: RecognitionSettings;
  /** Simulator of the operator's recognition page (development and demo only). */
  recognitionSimulator: boolean;
  sso: OidcSettings | null;
  google: OidcSettings | null;
  facebook: FacebookSettings | null;
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
  };
}
