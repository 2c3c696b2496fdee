/**
 * Zalo Notification Service (ZNS): an approved template sent to a phone number's Zalo account,
 * tried before SMS for the messages that have a template (decision 0023). A driver says `sent` or
 * `failed`; on anything but `sent` the outbox sends the same message by SMS. Production: the ZNS
 * HTTP API (POST /message/template, header access_token, success when `error` is 0) with the
 * Official Account's access token kept fresh (zns-token.ts: refreshed ahead of expiry by a job, and
 * at once when ZNS rejects it — then the message is sent once more). Elsewhere: the simulator
 * (zns-simulator.ts), whose tokens expire like Zalo's and whose numbers can be "no Zalo" or "fails".
 */
import type { Kysely } from 'kysely';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import { createZnsSimulatorCore, ZNS_TOKEN_ERRORS, type ZnsAnswer, type ZnsRefreshAnswer } from './zns-simulator.ts';
import { createZnsTokenStore, type ZnsRefresh, type ZnsTokenStore } from './zns-token.ts';

/** The messages that have a ZNS template. */
export type ZnsKind = 'otp' | 'order_paid' | 'renewal';

export interface ZnsTemplate {
  id: string;
  /** Zalo's parameter name → the key of our message's data (by default the same name). */
  params: Record<string, string>;
}

export interface ZnsConfig {
  templates: Partial<Record<ZnsKind, ZnsTemplate>>;
  /** The ZNS API (https://business.openapi.zalo.me) and the Official Account's tokens. */
  api: ZnsApiConfig | null;
  /** Without `api`: the simulator, with numbers (84…) that have no Zalo and numbers that fail. */
  simulator: { noZalo: string[]; failing: string[] } | null;
}

export interface ZnsApiConfig {
  url: string;
  /** The first access token (ZNS_ACCESS_TOKEN); empty when only a refresh token is configured. */
  accessToken: string;
  /** Renewing it: Zalo's OAuth v4 (`{oauthUrl}/oa/access_token`), the app, the single-use refresh token. */
  refresh: { oauthUrl: string; appId: string; secretKey: string; refreshToken: string } | null;
}

export type ZnsOutcome = { result: 'sent'; via: 'zns' } | { result: 'no_zalo' | 'failed'; reason: string };

export interface ZnsDriver {
  send(input: {
    phone: string;
    templateId: string;
    data: Record<string, string>;
    trackingId: string;
  }): Promise<ZnsOutcome>;
}

/**
 * `ZNS_TEMPLATE_*`: `<template id>` or `<template id>:<zalo param>=<our key>,…` (a bare name maps
 * to the same key). Undefined or empty: that message has no template.
 */
export function parseTemplate(value: string | undefined): ZnsTemplate | null {
  if (!value) return null;
  const [id, list = ''] = value.split(':', 2) as [string, string?];
  if (!/^\d{1,20}$/.test(id.trim())) throw new Error(`ZNS template id must be digits: "${value}"`);
  const params: Record<string, string> = {};
  for (const pair of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name, key = name] = pair.split('=').map((part) => part.trim()) as [string, string?];
    if (!/^\w{1,50}$/.test(name) || !/^\w{1,50}$/.test(key)) throw new Error(`bad ZNS parameter "${pair}"`);
    params[name] = key;
  }
  return { id: id.trim(), params };
}

/** The template's data from our message's values: mapped names, only what the template declares. */
export function templateData(template: ZnsTemplate, values: Record<string, string>): Record<string, string> {
  const names = Object.keys(template.params);
  if (names.length === 0) return { ...values };
  return Object.fromEntries(names.map((name) => [name, values[template.params[name]!] ?? '']));
}

interface ZnsPayload {
  phone: string;
  template_id: string;
  template_data: Record<string, string>;
  tracking_id: string;
}

/** Where ZNS is: Zalo's HTTP API, or the simulator in this process. */
interface ZnsApi {
  /** Zalo's answer (`error` 0: sent); throws when ZNS cannot be reached. */
  send(accessToken: string, payload: ZnsPayload): Promise<ZnsAnswer>;
  refresh: ZnsRefresh | null;
}

/** The new pair from Zalo's answer to a refresh; throws on a refusal. */
function freshTokens(answer: ZnsRefreshAnswer | null, status: number) {
  if (answer && 'access_token' in answer && answer.access_token && answer.refresh_token) {
    const seconds = Number(answer.expires_in);
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresInSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 3600,
    };
  }
  const refusal = answer && 'error' in answer ? `error ${answer.error} ${answer.error_name}` : 'no token';
  throw new Error(`Zalo OAuth answered HTTP ${status}, ${refusal}`);
}

export function createZnsHttpApi(api: ZnsApiConfig, timeoutMs = 20_000): ZnsApi {
  const refresh = api.refresh;
  return {
    async send(accessToken, payload) {
      const response = await fetch(`${api.url.replace(/\/+$/, '')}/message/template`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: accessToken },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
      const error = Number(body?.error);
      return {
        error: response.ok && Number.isFinite(error) ? error : Number.NaN,
        message: `HTTP ${response.status}, error ${String(body?.error)}: ${String(body?.message ?? '')}`,
      };
    },
    // POST {oauth}/oa/access_token, form app_id, grant_type=refresh_token, refresh_token; header secret_key.
    refresh: refresh
      ? async (refreshToken) => {
          const response = await fetch(`${refresh.oauthUrl.replace(/\/+$/, '')}/oa/access_token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: refresh.secretKey },
            body: new URLSearchParams({
              app_id: refresh.appId,
              grant_type: 'refresh_token',
              refresh_token: refreshToken,
            }).toString(),
            signal: AbortSignal.timeout(timeoutMs),
          });
          return freshTokens((await response.json().catch(() => null)) as ZnsRefreshAnswer | null, response.status);
        }
      : null,
  };
}

/** The simulator's Official Account (its tokens are signed with this app's secret). */
export const ZNS_SIMULATOR_APP = { appId: '1234567890123456789', secretKey: 'zns-sim-secret' };

/** A ZNS driver over an API, with the token store: a rejected access token is renewed and the send tried once more. */
function createDriver(api: ZnsApi, tokens: ZnsTokenStore): ZnsDriver {
  async function attempt(accessToken: string, payload: ZnsPayload): Promise<ZnsAnswer> {
    try {
      return await api.send(accessToken, payload);
    } catch (error) {
      return { error: Number.NaN, message: `ZNS unreachable: ${(error as Error).message}` };
    }
  }
  return {
    async send({ phone, templateId, data, trackingId }) {
      const payload = { phone, template_id: templateId, template_data: data, tracking_id: trackingId };
      let answer: ZnsAnswer;
      try {
        let token = await tokens.accessToken();
        answer = await attempt(token, payload);
        if (ZNS_TOKEN_ERRORS.includes(answer.error)) {
          token = await tokens.renew(token);
          answer = await attempt(token, payload);
        }
      } catch (error) {
        // The token could not be renewed: this message goes by SMS; the job shows the failure.
        return { result: 'failed', reason: (error as Error).message.slice(0, 300) };
      }
      if (answer.error === 0) return { result: 'sent', via: 'zns' };
      // Whatever the code (no Zalo account, blocked OA, quota, template): the message goes by SMS.
      return { result: 'failed', reason: `ZNS: ${answer.message}`.slice(0, 300) };
    },
  };
}

export interface ZnsChannel {
  driver: ZnsDriver;
  tokens: ZnsTokenStore;
}

/** The ZNS channel (driver and token store), or null without any template. */
export function createZnsChannel(db: Kysely<Database>, config: ZnsConfig | null | undefined): ZnsChannel | null {
  if (!config || Object.keys(config.templates).length === 0) return null;
  if (config.api) {
    const api = createZnsHttpApi(config.api);
    const refreshToken = config.api.refresh?.refreshToken ?? null;
    const seed = { key: `${config.api.accessToken}\n${refreshToken ?? ''}`, accessToken: config.api.accessToken };
    const tokens = createZnsTokenStore(db, {
      seed: () => ({ ...seed, refreshToken, expiresAt: null }),
      refresh: api.refresh,
    });
    return { driver: createDriver(api, tokens), tokens };
  }
  if (!config.simulator) return null;
  const core = createZnsSimulatorCore({ ...ZNS_SIMULATOR_APP, numbers: config.simulator });
  // The simulator's first pair is issued when the row is seeded; later ones by its refresh.
  const first = core.issue();
  const firstExpiresAt = new Date(Date.now() + Number(first.expires_in) * 1000);
  const tokens = createZnsTokenStore(db, {
    seed: () => ({
      key: 'simulator',
      accessToken: first.access_token,
      refreshToken: first.refresh_token,
      expiresAt: firstExpiresAt,
    }),
    refresh: (refreshToken) =>
      Promise.resolve(
        core.refresh(
          { app_id: ZNS_SIMULATOR_APP.appId, grant_type: 'refresh_token', refresh_token: refreshToken },
          ZNS_SIMULATOR_APP.secretKey,
        ),
      ).then((answer) => freshTokens(answer, 200)),
  });
  const api: ZnsApi = {
    send: (accessToken, payload) => Promise.resolve(core.sendTemplate(accessToken, payload.phone)),
    refresh: null,
  };
  return { driver: createDriver(api, tokens), tokens };
}

/** The ZNS settings from the checked environment: off without any template. */
export function readZnsConfig(env: Env): ZnsConfig | null {
  const entries = [
    ['otp', env.ZNS_TEMPLATE_OTP],
    ['order_paid', env.ZNS_TEMPLATE_ORDER_PAID],
    ['renewal', env.ZNS_TEMPLATE_RENEWAL],
  ] as const;
  const templates: ZnsConfig['templates'] = {};
  for (const [kind, value] of entries) {
    const template = parseTemplate(value);
    if (template) templates[kind] = template;
  }
  if (Object.keys(templates).length === 0) return null;
  if (env.ZNS_ACCESS_TOKEN || env.ZNS_REFRESH_TOKEN) {
    const refresh =
      env.ZNS_REFRESH_TOKEN && env.ZALO_APP_ID && env.ZALO_SECRET_KEY
        ? {
            oauthUrl: env.ZALO_OAUTH_URL,
            appId: env.ZALO_APP_ID,
            secretKey: env.ZALO_SECRET_KEY,
            refreshToken: env.ZNS_REFRESH_TOKEN,
          }
        : null;
    return {
      templates,
      api: { url: env.ZNS_API_URL, accessToken: env.ZNS_ACCESS_TOKEN ?? '', refresh },
      simulator: null,
    };
  }
  if (env.APP_ENV === 'production') return null;
  const numbers = (list: string[] | undefined) => list ?? [];
  return {
    templates,
    api: null,
    simulator: { noZalo: numbers(env.ZNS_SIMULATOR_NO_ZALO), failing: numbers(env.ZNS_SIMULATOR_FAILING) },
  };
}
