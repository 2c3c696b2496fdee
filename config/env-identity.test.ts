import { describe, expect, it } from 'vitest';
import { DEMO_RECOGNITION_KEY, EnvError, loadEnv } from './env.ts';

describe('loadEnv: identity settings', () => {
  it('keeps recognition off by default and points it at the simulator outside production', () => {
    const env = loadEnv({ PUBLIC_URL: 'https://demo.khaitri.vn/' });
    expect(env).toMatchObject({
      DISABLED_RECOGNITION: 1,
      RECOGNITION_URL: 'https://demo.khaitri.vn/__sim/recognition',
      RECOGNITION_KEY: DEMO_RECOGNITION_KEY,
      RECOGNITION_TRUSTED: false,
      GOOGLE_ISSUER: 'https://accounts.google.com',
    });
    expect(DEMO_RECOGNITION_KEY).toHaveLength(16);
    expect(env.OIDC_ISSUER).toBeUndefined();
  });

  it('never defaults to the simulator in production, and needs the operator settings to turn recognition on', () => {
    const base = {
      APP_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: 'BHA0csE6mG6bVjHX1V2cOSChir6C9y8dEhotrIYU3T3eAp9ive0Jq3A6ygygPnGY9JX5ZkMMwPgb3s9DKfvAHUc',
      VAPID_PRIVATE_KEY: 'dDhgoMIP_F9gzPnl8ErFYbZkO2BCGqZnikzICNWObVw',
    };
    expect(loadEnv(base)).toMatchObject({ RECOGNITION_URL: '', RECOGNITION_KEY: '' });
    expect(() => loadEnv({ ...base, DISABLED_RECOGNITION: '0' })).toThrow(
      /RECOGNITION_URL[\s\S]*RECOGNITION_KEY[\s\S]*RECOGNITION_SERVICE_ID/,
    );
    const on = loadEnv({
      ...base,
      DISABLED_RECOGNITION: '0',
      RECOGNITION_URL: 'https://nhandien.example.vn/check',
      RECOGNITION_KEY: 'abcdefghijklmnop',
      RECOGNITION_SERVICE_ID: 'KHAITRI',
      RECOGNITION_TRUSTED: 'yes',
    });
    expect(on).toMatchObject({ RECOGNITION_URL: 'https://nhandien.example.vn/check', RECOGNITION_TRUSTED: true });
  });

  it('checks the key length in bytes and the provider settings that come in pairs', () => {
    for (const key of ['short', 'seventeen-chars!!', 'khóa-mười-sáu-kt']) {
      expect(() => loadEnv({ RECOGNITION_KEY: key }), key).toThrow(/RECOGNITION_KEY/);
    }
    expect(() => loadEnv({ OIDC_ISSUER: 'https://sso.example.vn' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadEnv({ FACEBOOK_APP_ID: '123' })).toThrow(EnvError);
    expect(loadEnv({ FACEBOOK_APP_ID: '123', FACEBOOK_APP_SECRET: 's' }).FACEBOOK_GRAPH_URL).toBe(
      'https://graph.facebook.com/v21.0',
    );
  });

  it('reads Zalo: the pair, the simulator outside production only, ZNS templates and their token', () => {
    const production = {
      APP_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: 'BHA0csE6mG6bVjHX1V2cOSChir6C9y8dEhotrIYU3T3eAp9ive0Jq3A6ygygPnGY9JX5ZkMMwPgb3s9DKfvAHUc',
      VAPID_PRIVATE_KEY: 'dDhgoMIP_F9gzPnl8ErFYbZkO2BCGqZnikzICNWObVw',
    };
    expect(loadEnv({ APP_ENV: 'demo' })).toMatchObject({
      ZALO_SIMULATOR: true,
      ZALO_OAUTH_URL: 'https://oauth.zaloapp.com/v4',
      ZALO_GRAPH_URL: 'https://graph.zalo.me/v2.0',
      ZNS_API_URL: 'https://business.openapi.zalo.me',
    });
    expect(loadEnv({ APP_ENV: 'test' }).ZALO_SIMULATOR).toBe(false);
    expect(loadEnv(production).ZALO_SIMULATOR).toBe(false);
    expect(() => loadEnv({ ...production, ZALO_SIMULATOR: '1' })).toThrow(/ZALO_SIMULATOR/);
    expect(() => loadEnv({ ZALO_APP_ID: '1234567890' })).toThrow(/ZALO_APP_ID, ZALO_SECRET_KEY/);
    expect(() => loadEnv({ ZALO_APP_ID: 'khong-phai-so', ZALO_SECRET_KEY: 's' })).toThrow(/ZALO_APP_ID/);
    expect(loadEnv({ ZNS_TEMPLATE_OTP: '246810:otp=code,ten' }).ZNS_TEMPLATE_OTP).toBe('246810:otp=code,ten');
    expect(() => loadEnv({ ZNS_TEMPLATE_OTP: 'mau-otp' })).toThrow(/ZNS_TEMPLATE_OTP/);
    expect(() => loadEnv({ ...production, ZNS_TEMPLATE_OTP: '246810' })).toThrow(/ZNS_ACCESS_TOKEN/);
    expect(loadEnv({ ...production, ZNS_TEMPLATE_OTP: '246810', ZNS_ACCESS_TOKEN: 't' }).ZNS_ACCESS_TOKEN).toBe('t');
    // A refresh token (renewed by the product) needs the app that spends it.
    expect(() => loadEnv({ ZNS_REFRESH_TOKEN: 'r' })).toThrow(
      /ZALO_APP_ID, ZALO_SECRET_KEY: bắt buộc khi đặt ZNS_REFRESH_TOKEN/,
    );
    const renewable = {
      ...production,
      ZNS_TEMPLATE_OTP: '246810',
      ZNS_REFRESH_TOKEN: 'r',
      ZALO_APP_ID: '1',
      ZALO_SECRET_KEY: 's',
    };
    expect(loadEnv(renewable).ZNS_REFRESH_TOKEN).toBe('r');
  });
});
