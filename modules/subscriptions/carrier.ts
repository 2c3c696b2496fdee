/**
 * The operator's charging API behind one interface: a production HTTP driver configured from
 * config/env.ts, and a simulator (development, demo, tests; carrier-simulator.ts) whose outcome
 * depends on the number. Every charge carries our reference, the idempotency key the operator
 * deduplicates on and the key of its status query: a charge that got no answer is asked about by
 * that reference, never assumed to have failed.
 */
import type { Env } from '../../config/env.ts';
import { createSimulatedCarrier } from './carrier-simulator.ts';

/**
 * `timeout`: no answer (timed out, or the connection broke after the request may have arrived) —
 * the outcome is unknown until the operator is queried; a charge settled as `timeout` is one the
 * query said was not made. `error`: the operator answered a refusal, or could not be reached at
 * all (nothing was sent).
 */
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

/** What the operator says of a reference: charged, not charged (refused or reversed), still processing, or never received. */
export interface ChargeQueryAnswer {
  status: 'charged' | 'not_charged' | 'processing' | 'not_found';
  transactionId: string | null;
  amount: number | null;
  detail: string | null;
}

export interface CarrierProvider {
  readonly simulated: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The operator's answer for a reference; throws when the operator cannot be reached. */
  query(reference: string): Promise<ChargeQueryAnswer>;
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

/** A charge's outcome once settled, or `unknown` (the row stays pending until a query decides). */
export type SettledCharge = Omit<ChargeResult, 'outcome'> & { outcome: ChargeOutcome | 'unknown' };

/**
 * What a query answer decides for a charge that got no answer. `charged` (for the amount asked)
 * succeeds; `not_charged` fails it as a timeout; `not_found` fails it only when `final` — right
 * after the charge the request may still be on its way, so only the resolver, past a grace
 * period, reads "never received" as not charged. Anything else, or no answer, stays unknown.
 */
export function settleByQuery(answer: ChargeQueryAnswer | null, amount: number, final: boolean): SettledCharge {
  if (answer?.status === 'charged' && (answer.amount === null || answer.amount === amount)) {
    return { outcome: 'success', transactionId: answer.transactionId, detail: 'Xác nhận qua tra cứu nhà mạng.' };
  }
  if (answer?.status === 'not_charged' || (final && answer?.status === 'not_found')) {
    const detail = answer.detail ?? (answer.status === 'not_found' ? 'Nhà mạng không nhận được yêu cầu.' : null);
    return { outcome: 'timeout', transactionId: null, detail: `Tra cứu: không trừ tiền.${detail ? ` ${detail}` : ''}` };
  }
  const detail = !answer
    ? 'Chưa tra cứu được nhà mạng.'
    : answer.status === 'charged'
      ? `Nhà mạng báo đã trừ ${answer.amount}, khác số tiền yêu cầu.`
      : `Tra cứu: ${answer.status}.`;
  return { outcome: 'unknown', transactionId: null, detail };
}

/** Charges; when the charge got no answer, asks the operator once by its reference. */
export async function chargeAndConfirm(provider: CarrierProvider, request: ChargeRequest): Promise<SettledCharge> {
  const result = await provider.charge(request);
  if (result.outcome !== 'timeout') return result;
  const answer = await provider.query(request.reference).catch(() => null);
  return settleByQuery(answer, request.amount, false);
}

/** Connection failures that prove the request never left: the charge was not made. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const causeCode = (error: unknown) => String((error as { cause?: { code?: unknown } }).cause?.code ?? '');

/**
 * The operator's HTTP API (Bearer token): `POST {url}/charge` with `{ msisdn, amount, reference,
 * content }` answers `{ status: 'success' | 'insufficient_balance' | …, transaction_id }`;
 * `POST {url}/query` with `{ reference }` answers `{ status: 'charged' | 'not_charged' |
 * 'processing' | 'not_found', transaction_id, amount }` (404 = not found). No answer to a charge
 * within the timeout, or a connection broken mid-way, is a `timeout` (outcome unknown).
 */
export function createHttpCarrier(options: {
  url: string;
  token: string | undefined;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): CarrierProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const post = (path: string, body: object) =>
    fetchImpl(`${options.url.replace(/\/+$/, '')}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  const text = (value: unknown) => (value ? String(value).slice(0, 100) : null);
  return {
    simulated: false,
    async charge(request) {
      let response: Response;
      let body: { status?: unknown; transaction_id?: unknown };
      try {
        response = await post('charge', request);
        body = (await response.json().catch(() => ({}))) as typeof body;
      } catch (error) {
        const name = (error as Error).name;
        if (NOT_SENT.has(causeCode(error))) {
          return { outcome: 'error', transactionId: null, detail: `Không kết nối được nhà mạng: ${causeCode(error)}` };
        }
        const detail =
          name === 'TimeoutError' || name === 'AbortError' ? 'Nhà mạng không phản hồi.' : 'Mất kết nối với nhà mạng.';
        return { outcome: 'timeout', transactionId: null, detail };
      }
      const status = String(body.status ?? '');
      const transactionId = text(body.transaction_id);
      if (response.ok && status === 'success') return { outcome: 'success', transactionId, detail: null };
      if (status === 'insufficient_balance') return { outcome: 'insufficient_balance', transactionId, detail: null };
      return { outcome: 'error', transactionId, detail: `Nhà mạng trả ${response.status} ${status}`.slice(0, 500) };
    },
    async query(reference) {
      const response = await post('query', { reference });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      const status = String(body.status ?? '');
      const answer = (value: ChargeQueryAnswer['status']): ChargeQueryAnswer => ({
        status: value,
        transactionId: text(body.transaction_id),
        amount: typeof body.amount === 'number' ? body.amount : null,
        detail: text(body.detail),
      });
      if (response.status === 404 || status === 'not_found') return answer('not_found');
      if (response.ok && (status === 'charged' || status === 'not_charged' || status === 'processing'))
        return answer(status);
      throw new Error(`Nhà mạng trả ${response.status} ${status}`.slice(0, 200));
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
