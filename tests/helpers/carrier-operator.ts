/**
 * The simulated operator (modules/subscriptions/carrier-simulator.ts) served over real HTTP with
 * the operator's API (`POST /charge`, `POST /query`), for the app's HTTP driver, plus the faults a
 * test needs: a charge made but its answer lost (the connection drops), a charge held until the
 * test lets it answer (the process that sent it "dies" meanwhile), a request lost before it was
 * charged, and a query endpoint that is down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCarrierSimulator } from '../../modules/subscriptions/carrier-simulator.ts';
import type { ChargeRequest } from '../../modules/subscriptions/carrier.ts';

/** `drop`: charged, then the connection is cut; `hold`: charged, answered on release(); `lose`: cut before charging. */
export type ChargeFault = 'drop' | 'hold' | 'lose';

export interface CarrierOperator {
  url: string;
  /** Env for createTestContext: the app's HTTP driver talks to this operator. */
  env: Record<string, string>;
  /** The fault for every later charge to this number (null: answer normally). */
  fault(msisdn: string, fault: ChargeFault | null): void;
  /** Queries answer 503 while down. */
  queriesDown(down: boolean): void;
  /** Resolves once a held charge has been made (its answer is withheld). */
  held(): Promise<void>;
  /** Answers every held charge. */
  release(): void;
  /** How many charges were actually made (each reference at most once). */
  chargedCount(): number;
  queries(): number;
  close(): Promise<void>;
}

export async function startCarrierOperator(): Promise<CarrierOperator> {
  const simulator = createCarrierSimulator();
  const faults = new Map<string, ChargeFault>();
  let down = false;
  let queryCount = 0;
  let holding: (() => void)[] = [];
  let heldWaiters: (() => void)[] = [];

  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const body = JSON.parse(text || '{}') as ChargeRequest;
      if (request.url === '/query') {
        queryCount += 1;
        if (down) return answer(503, { status: 'unavailable' });
        const found = simulator.query(body.reference);
        return answer(found.status === 'not_found' ? 404 : 200, {
          status: found.status,
          transaction_id: found.transactionId,
          amount: found.amount,
        });
      }
      const fault = faults.get(body.msisdn);
      if (fault === 'lose') return void response.socket?.destroy();
      const result = simulator.charge(body);
      const reply = () =>
        answer(result.outcome === 'success' ? 200 : 402, {
          status: result.outcome,
          transaction_id: result.transactionId,
        });
      if (fault === 'drop') return void response.socket?.destroy();
      if (fault === 'hold') {
        holding.push(reply);
        heldWaiters.forEach((resolve) => resolve());
        heldWaiters = [];
        return;
      }
      reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { CARRIER_API_URL: url, CARRIER_API_TOKEN: 'operator-token', CARRIER_TIMEOUT_MS: '20000' },
    fault: (msisdn, fault) => (fault ? faults.set(msisdn, fault) : faults.delete(msisdn)),
    queriesDown: (value) => (down = value),
    held: () => (holding.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => heldWaiters.push(resolve))),
    release: () => {
      const replies = holding;
      holding = [];
      replies.forEach((reply) => reply());
    },
    chargedCount: () => simulator.chargedCount(),
    queries: () => queryCount,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
