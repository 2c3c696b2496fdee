/** The providers the configuration switches on, keyed by payment method. */
import type { GatewayMethod, GatewayProvider } from './gateway.ts';
import { createMomoProvider, verifyMomoCreateRequest, type JsonTransport, type MomoConfig } from './momo.ts';
import { createOnepayProvider } from './onepay.ts';
import type { PaymentsConfig } from './payments.config.ts';
import { SIMULATOR_PREFIX } from './payments.config.ts';
import { createVnpayProvider } from './vnpay.ts';

export type Gateways = Map<GatewayMethod, GatewayProvider>;

/** What the simulated MoMo answers to `/v2/gateway/api/create`: a payUrl on our simulator page. */
export function answerSimulatedMomoCreate(config: MomoConfig, publicUrl: string, body: Record<string, unknown>) {
  if (!verifyMomoCreateRequest(config, body) || body.partnerCode !== config.partnerCode) {
    return { resultCode: 11, message: 'Truy cập bị từ chối: sai chữ ký.' };
  }
  const data = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return {
    partnerCode: config.partnerCode,
    orderId: body.orderId,
    requestId: body.requestId,
    amount: body.amount,
    responseTime: Date.now(),
    resultCode: 0,
    message: 'Thành công.',
    payUrl: `${publicUrl}${SIMULATOR_PREFIX}/momo/pay?data=${data}`,
  };
}

async function fetchJson(url: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return (await response.json()) as Record<string, unknown>;
}

export function createGateways(config: PaymentsConfig, transport?: JsonTransport): Gateways {
  const gateways: Gateways = new Map();
  const simulatorBase = `${config.publicUrl}${SIMULATOR_PREFIX}`;
  if (config.momo) {
    const momo = config.momo;
    const send: JsonTransport =
      transport ??
      (async (url, body) =>
        config.simulator && url.startsWith(simulatorBase)
          ? answerSimulatedMomoCreate(momo, config.publicUrl, body)
          : fetchJson(url, body));
    gateways.set('momo', createMomoProvider(momo, send));
  }
  if (config.onepayDomestic) gateways.set('onepay_domestic', createOnepayProvider(config.onepayDomestic, true));
  if (config.onepayInternational)
    gateways.set('onepay_international', createOnepayProvider(config.onepayInternational, false));
  if (config.vnpay) gateways.set('vnpay', createVnpayProvider(config.vnpay));
  return gateways;
}
