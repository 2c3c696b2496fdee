/**
 * The simulated operator (development, demo, tests; never in production): it charges by the
 * number and remembers every reference it saw, so a repeated reference is not charged twice and a
 * status query answers as the operator would. The memory is per process (a restart is a sandbox
 * reset). Test numbers (documented in .env.example and docs/architecture.md):
 * 0900001000–0900001999 lack balance, 0900002000–0900002999 time out (and are not charged), every
 * other number — 0900000000–0900000999 and the demo learner 0912345678 among them — is charged.
 */
import type { CarrierProvider, ChargeQueryAnswer, ChargeRequest, ChargeResult } from './carrier.ts';

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

const LEDGER_LIMIT = 50_000;

export type CarrierSimulator = ReturnType<typeof createCarrierSimulator>;

/** The operator's ledger: one outcome per reference, charged at most once. */
export function createCarrierSimulator() {
  const ledger = new Map<string, { result: ChargeResult; amount: number }>();

  function charge(request: ChargeRequest): ChargeResult {
    const seen = ledger.get(request.reference);
    if (seen) return seen.result;
    // A long-running demo forgets its oldest references rather than grow without end.
    if (ledger.size >= LEDGER_LIMIT) ledger.delete(ledger.keys().next().value!);
    const result = simulateCharge(request);
    ledger.set(request.reference, { result, amount: request.amount });
    return result;
  }

  function query(reference: string): ChargeQueryAnswer {
    const seen = ledger.get(reference);
    if (!seen) return { status: 'not_found', transactionId: null, amount: null, detail: null };
    const charged = seen.result.outcome === 'success';
    return {
      status: charged ? 'charged' : 'not_charged',
      transactionId: seen.result.transactionId,
      amount: charged ? seen.amount : null,
      detail: seen.result.detail,
    };
  }

  /** How many references were charged (tests: a charge made once, whatever the retries). */
  const chargedCount = () => [...ledger.values()].filter((entry) => entry.result.outcome === 'success').length;

  return { charge, query, chargedCount };
}

export function createSimulatedCarrier(): CarrierProvider {
  const simulator = createCarrierSimulator();
  return {
    simulated: true,
    charge: async (request) => simulator.charge(request),
    query: async (reference) => simulator.query(reference),
  };
}
