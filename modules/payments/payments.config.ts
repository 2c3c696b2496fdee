/**
 * The gateway settings from config/env.ts. Outside production each gateway defaults to the
 * built-in simulator (/__sim/pay/…) with public sandbox credentials (MoMo's and ZaloPay's from
 * payments.json, OnePay's public test merchant); in production a gateway without credentials is switched off.
 */
import type { Env } from '../../config/env.ts';
import type { MomoConfig } from './momo.ts';
import type { OnepayConfig } from './onepay.ts';
import type { VnpayConfig } from './vnpay.ts';
import type { ZalopayConfig } from './zalopay.ts';
import { readTransfersConfig } from '../transfers/index.ts';

export const SIMULATOR_PREFIX = '/__sim/pay';
export const MOMO_SANDBOX = {
  partnerCode: 'MOMO',
  accessKey: 'F8BBA842ECF85',
  secretKey: 'K951B6PE1waDMi640xX08PD3vg6EkVlz',
};
const ONEPAY_TEST = {
  merchant: 'ONEPAY',
  accessCode: 'D67342C2',
  hashKey: 'A3EFDFABA8653DF2342E8DAC29B51AF0',
  user: 'op01',
  password: 'op123456',
};
const VNPAY_DEMO = { tmnCode: 'KHAITRI1', hashSecret: 'khaitri-vnpay-demo-secret' };
/** ZaloPay's public sandbox merchant (its documentation's sample code; PROTOCOLS.md). */
export const ZALOPAY_SANDBOX = {
  appId: '2553',
  key1: 'PcY4iZIKFCIdgZvA6ueMcMHHUbRLYjPL',
  key2: 'kLtgPl8HHhfvMuDHPwKfgfsY4Ydm9eIz',
};

export interface PaymentsConfig {
  publicUrl: string;
  /** Host names the learner may browse under (ALLOWED_HOSTS): gateways return there. */
  allowedHosts: readonly string[];
  simulator: boolean;
  orderExpiryMinutes: number;
  /** Reconciliation: how often it runs, and how old a pending payment must be before it is queried. */
  reconcileEveryMinutes: number;
  reconcileAfterMinutes: number;
  momo: MomoConfig | null;
  onepayDomestic: OnepayConfig | null;
  onepayInternational: OnepayConfig | null;
  vnpay: VnpayConfig | null;
  zalopay: ZalopayConfig | null;
  /** Bank transfers by VietQR are offered (modules/transfers: an account and a webhook secret are set). */
  vietqr: boolean;
}

export function readPaymentsConfig(env: Env): PaymentsConfig {
  const sim = env.PAYMENT_SIMULATOR ? `${env.PUBLIC_URL}${SIMULATOR_PREFIX}` : null;
  const pick = <T>(value: T | undefined, fallback: T | undefined): T | undefined =>
    value ?? (sim ? fallback : undefined);

  const momoEndpoint = pick(env.MOMO_ENDPOINT, `${sim}/momo`);
  const momoPartner = pick(env.MOMO_PARTNER_CODE, MOMO_SANDBOX.partnerCode);
  const momoAccess = pick(env.MOMO_ACCESS_KEY, MOMO_SANDBOX.accessKey);
  const momoSecret = pick(env.MOMO_SECRET_KEY, MOMO_SANDBOX.secretKey);

  const onepay = (url: string | undefined, merchant?: string, accessCode?: string, hashKey?: string) => {
    const config = {
      url: url ?? '',
      merchant: pick(merchant, ONEPAY_TEST.merchant),
      accessCode: pick(accessCode, ONEPAY_TEST.accessCode),
      hashKey: pick(hashKey, ONEPAY_TEST.hashKey),
      apiUrl: pick(env.ONEPAY_API_URL, `${sim}/onepay`) ?? '',
      user: pick(env.ONEPAY_USER, ONEPAY_TEST.user) ?? '',
      password: pick(env.ONEPAY_PASSWORD, ONEPAY_TEST.password) ?? '',
    };
    return config.url && config.merchant && config.accessCode && config.hashKey ? (config as OnepayConfig) : null;
  };

  const vnpayUrl = pick(env.VNPAY_URL, `${sim}/vnpay/paymentv2/vpcpay.html`);
  const vnpayTmn = pick(env.VNPAY_TMN_CODE, VNPAY_DEMO.tmnCode);
  const vnpaySecret = pick(env.VNPAY_HASH_SECRET, VNPAY_DEMO.hashSecret);
  const vnpayApi = pick(env.VNPAY_API_URL, `${sim}/vnpay/merchant_webapi/api/transaction`) ?? '';

  const zalopay = {
    endpoint: pick(env.ZALOPAY_ENDPOINT, `${sim}/zalopay`),
    appId: pick(env.ZALOPAY_APP_ID, ZALOPAY_SANDBOX.appId),
    key1: pick(env.ZALOPAY_KEY1, ZALOPAY_SANDBOX.key1),
    key2: pick(env.ZALOPAY_KEY2, ZALOPAY_SANDBOX.key2),
  };

  return {
    publicUrl: env.PUBLIC_URL,
    allowedHosts: env.ALLOWED_HOSTS,
    simulator: env.PAYMENT_SIMULATOR,
    orderExpiryMinutes: env.ORDER_EXPIRY_MINUTES,
    reconcileEveryMinutes: env.RECONCILE_EVERY_MINUTES,
    reconcileAfterMinutes: env.RECONCILE_AFTER_MINUTES,
    momo:
      momoEndpoint && momoPartner && momoAccess && momoSecret
        ? { endpoint: momoEndpoint, partnerCode: momoPartner, accessKey: momoAccess, secretKey: momoSecret }
        : null,
    onepayDomestic: onepay(
      pick(env.ONEPAY_DOMESTIC_URL, `${sim}/onepay/onecomm-pay/vpc.op`),
      env.ONEPAY_MERCHANT,
      env.ONEPAY_ACCESS_CODE,
      env.ONEPAY_HASH_KEY,
    ),
    onepayInternational: onepay(
      pick(env.ONEPAY_INTERNATIONAL_URL, `${sim}/onepay/vpcpay/vpcpay.op`),
      env.ONEPAY_INTL_MERCHANT ?? env.ONEPAY_MERCHANT,
      env.ONEPAY_INTL_ACCESS_CODE ?? env.ONEPAY_ACCESS_CODE,
      env.ONEPAY_INTL_HASH_KEY ?? env.ONEPAY_HASH_KEY,
    ),
    vnpay:
      vnpayUrl && vnpayTmn && vnpaySecret
        ? { url: vnpayUrl, tmnCode: vnpayTmn, hashSecret: vnpaySecret, apiUrl: vnpayApi }
        : null,
    zalopay: zalopay.endpoint && zalopay.appId && zalopay.key1 && zalopay.key2 ? (zalopay as ZalopayConfig) : null,
    vietqr: readTransfersConfig(env) !== null,
  };
}
