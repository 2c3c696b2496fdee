/**
 * Zalo Notification Service (ZNS): an approved template sent to a phone number's Zalo account,
 * tried before SMS for the messages that have a template (decision 0023). A driver says `sent`,
 * `no_zalo` (the number has no Zalo account, or has blocked the Official Account) or `failed`; on
 * anything but `sent` the outbox sends the same message by SMS. Production: the ZNS HTTP API
 * (POST /message/template, header access_token, success when `error` is 0). Elsewhere: a simulator
 * whose numbers can be set to "no Zalo" or "fails".
 */
import type { Env } from '../../config/env.ts';

/** The messages that have a ZNS template. */
export type ZnsKind = 'otp' | 'order_paid' | 'renewal';

export interface ZnsTemplate {
  id: string;
  /** Zalo's parameter name → the key of our message's data (by default the same name). */
  params: Record<string, string>;
}

export interface ZnsConfig {
  templates: Partial<Record<ZnsKind, ZnsTemplate>>;
  /** The ZNS API (https://business.openapi.zalo.me) and the Official Account's access token. */
  api: { url: string; accessToken: string } | null;
  /** Without `api`: the simulator, with numbers (84…) that have no Zalo and numbers that fail. */
  simulator: { noZalo: string[]; failing: string[] } | null;
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

export function createZnsHttpDriver(api: { url: string; accessToken: string }, timeoutMs = 20_000): ZnsDriver {
  return {
    async send({ phone, templateId, data, trackingId }) {
      let response: Response;
      try {
        response = await fetch(`${api.url.replace(/\/+$/, '')}/message/template`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', access_token: api.accessToken },
          body: JSON.stringify({ phone, template_id: templateId, template_data: data, tracking_id: trackingId }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { result: 'failed', reason: `ZNS unreachable: ${(error as Error).message}` };
      }
      const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
      const code = Number(body?.error);
      if (response.ok && code === 0) return { result: 'sent', via: 'zns' };
      const reason = `ZNS answered HTTP ${response.status}, error ${String(body?.error)}: ${String(body?.message ?? '')}`;
      // Whatever the code (no Zalo account, blocked OA, quota, template): the message goes by SMS.
      return { result: 'failed', reason: reason.slice(0, 300) };
    },
  };
}

/** The simulator: delivered means "shown on /__dev/outbox" (the outbox row is the delivery, as for SMS). */
export function createZnsSimulator(numbers: { noZalo: string[]; failing: string[] }): ZnsDriver {
  return {
    send({ phone }) {
      if (numbers.noZalo.includes(phone))
        return Promise.resolve({ result: 'no_zalo', reason: 'ZNS (giả lập): số chưa có Zalo' });
      if (numbers.failing.includes(phone))
        return Promise.resolve({ result: 'failed', reason: 'ZNS (giả lập): lỗi gửi' });
      return Promise.resolve({ result: 'sent', via: 'zns' });
    },
  };
}

export function createZnsDriver(config: ZnsConfig | null | undefined): ZnsDriver | null {
  if (!config || Object.keys(config.templates).length === 0) return null;
  if (config.api) return createZnsHttpDriver(config.api);
  return config.simulator ? createZnsSimulator(config.simulator) : null;
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
  if (env.ZNS_ACCESS_TOKEN)
    return { templates, api: { url: env.ZNS_API_URL, accessToken: env.ZNS_ACCESS_TOKEN }, simulator: null };
  if (env.APP_ENV === 'production') return null;
  const numbers = (list: string[] | undefined) => list ?? [];
  return {
    templates,
    api: null,
    simulator: { noZalo: numbers(env.ZNS_SIMULATOR_NO_ZALO), failing: numbers(env.ZNS_SIMULATOR_FAILING) },
  };
}
