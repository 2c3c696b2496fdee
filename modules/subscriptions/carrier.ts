/**
 * The operator's charging API behind one interface: a production HTTP driver configured from
 * config/env.ts, and a simulator (development, demo, tests) whose outcome depends on the number.
 * Every charge carries our reference, the idempotency key the operator deduplicates on.
 */
import type { Env } from '../../config/env.ts';

export type ChargeOutcome = 'success' | 'insufficient_balance' | 'timeout' | 'error';

export interface ChargeRequest {
  /** The subscriber, 84xxxxxxxxx. */
  msisdn: string;
  amount: number;
  /** Unique per attempt: the operator charges a reference at most once. */
  reference: string;
  /** What the charge is for, shown on the subscriber's statement. */
  content: string;
}

export interface ChargeResult {
  outcome: ChargeOutcome;
  transactionId: string | null;
  detail: string | null;
}

export interface CarrierProvider {
  readonly simulated: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export interface CarrierConfig {
  /** Null when carrier billing is off (production without an operator API). */
  provider: CarrierProvider | null;
  shortCode: string;
  carrierName: string;
  hotline: string;
  smsSecret: string | null;
  publicUrl: string;
  siteName: string;
}

/**
 * The simulator's test numbers (documented in .env.example and docs/architecture.md):
 * 0900001000–0900001999 lack balance, 0900002000–0900002999 time out, every other number —
 * 0900000000–0900000999 and the demo learner 0912345678 among them — is charged.
 */
export const SIMULATOR_RANGES = {
  insufficientBalance: { from: '84900001000', to: '84900001999' },
  timeout: { from: '84900002000', to: '84900002999' },
} as const;

const inRange = (msisdn: string, range: { from: string; to: string }) =>
  msisdn.length === range.from.length && msisdn >= range.from && msisdn <= range.to;

export function simulateCharge(request: ChargeRequest): ChargeResult {
  if (inRange(request.msisdn, SIMULATOR_RANGES.insufficientBalance)) {
    return { outcome: 'insufficient_balance', transactionId: null, detail: 'Thuê bao không đủ số dư (giả lập).' };
  }
  if (inRange(request.msisdn, SIMULATOR_RANGES.timeout)) {
    return { outcome: 'timeout', transactionId: null, detail: 'Nhà mạng không phản hồi (giả lập).' };
  }
  return { outcome: 'success', transactionId: `SIM${request.reference}`, detail: null };
}

export function createSimulatedCarrier(): CarrierProvider {
  return { simulated: true, charge: async (request) => simulateCharge(request) };
}

/**
 * The operator's HTTP charging API: `POST {url}/charge` with `{ msisdn, amount, reference, content }`
 * and a Bearer token; it answers `{ status: 'success' | 'insufficient_balance' | …, transaction_id }`.
 * No answer within the timeout is a `timeout` (the operator reverses a late charge by reference).
 */
export function createHttpCarrier(options: {
  url: string;
  token: string | undefined;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): CarrierProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    simulated: false,
    async charge(request) {
      let response: Response;
      try {
        response = await fetchImpl(`${options.url.replace(/\/+$/, '')}/charge`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          return { outcome: 'timeout', transactionId: null, detail: 'Nhà mạng không phản hồi.' };
        }
        return { outcome: 'error', transactionId: null, detail: `Không kết nối được nhà mạng: ${name}` };
      }
      const body = (await response.json().catch(() => ({}))) as { status?: unknown; transaction_id?: unknown };
      const status = String(body.status ?? '');
      const transactionId = body.transaction_id ? String(body.transaction_id).slice(0, 100) : null;
      if (response.ok && status === 'success') return { outcome: 'success', transactionId, detail: null };
      if (status === 'insufficient_balance') return { outcome: 'insufficient_balance', transactionId, detail: null };
      return { outcome: 'error', transactionId, detail: `Nhà mạng trả ${response.status} ${status}`.slice(0, 500) };
    },
  };
}

export function readCarrierConfig(env: Env): CarrierConfig {
  const provider = env.CARRIER_API_URL
    ? createHttpCarrier({ url: env.CARRIER_API_URL, token: env.CARRIER_API_TOKEN, timeoutMs: env.CARRIER_TIMEOUT_MS })
    : env.PAYMENT_SIMULATOR
      ? createSimulatedCarrier()
      : null;
  return {
    provider,
    shortCode: env.CARRIER_SHORT_CODE,
    carrierName: env.CARRIER_NAME,
    hotline: env.CARRIER_HOTLINE,
    smsSecret: env.CARRIER_SMS_SECRET ?? null,
    publicUrl: env.PUBLIC_URL,
    siteName: env.SITE_NAME,
  };
}
