/** The providers the configuration switches on, keyed by payment method. */
import { GatewayError, type GatewayMethod, type GatewayProvider, type GatewayTransports } from './gateway.ts';
import type { GatewaySimulator } from './gateway-simulator.ts';
import { createMomoProvider } from './momo.ts';
import { createOnepayProvider } from './onepay.ts';
import type { PaymentsConfig } from './payments.config.ts';
import { SIMULATOR_PREFIX } from './payments.config.ts';
import { createVnpayProvider } from './vnpay.ts';
import { createZalopayProvider } from './zalopay.ts';

export type Gateways = Map<GatewayMethod, GatewayProvider>;

const TIMEOUT_MS = 30_000;

function requireUrl(url: string) {
  if (!/^https?:\/\//.test(url)) throw new GatewayError('Cổng thanh toán chưa được cấu hình địa chỉ API.');
}

/** Over the network: JSON (MoMo, VNPay's merchant web API, ZaloPay) and forms (OnePay's merchant API). */
export const httpTransports: GatewayTransports = {
  async json(url, body) {
    requireUrl(url);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return (await response.json()) as Record<string, unknown>;
  },
  async form(url, fields) {
    requireUrl(url);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return Object.fromEntries(new URLSearchParams(await response.text()));
  },
};

/** Calls to the simulator's own URLs are answered in-process (tests have no listening server). */
function simulatorTransports(config: PaymentsConfig, simulator: GatewaySimulator): GatewayTransports {
  const base = `${config.publicUrl}${SIMULATOR_PREFIX}`;
  return {
    json: async (url, body) =>
      url.startsWith(base) ? structuredClone(simulator.answerJson(url, body)) : httpTransports.json(url, body),
    form: async (url, fields) =>
      url.startsWith(base) ? { ...simulator.answerForm(url, fields) } : httpTransports.form(url, fields),
  };
}

export function createGateways(
  config: PaymentsConfig,
  options: { simulator?: GatewaySimulator | null; transports?: GatewayTransports } = {},
): Gateways {
  const transports =
    options.transports ?? (options.simulator ? simulatorTransports(config, options.simulator) : httpTransports);
  const gateways: Gateways = new Map();
  if (config.momo) gateways.set('momo', createMomoProvider(config.momo, transports.json));
  if (config.onepayDomestic)
    gateways.set('onepay_domestic', createOnepayProvider(config.onepayDomestic, true, transports.form));
  if (config.onepayInternational)
    gateways.set('onepay_international', createOnepayProvider(config.onepayInternational, false, transports.form));
  if (config.vnpay) gateways.set('vnpay', createVnpayProvider(config.vnpay, transports.json));
  if (config.zalopay) gateways.set('zalopay', createZalopayProvider(config.zalopay, transports.json));
  return gateways;
}
