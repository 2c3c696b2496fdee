/**
 * Throughput measurement: one run per call, and the alternating comparison (baseline, product,
 * baseline, product, …) whose medians the benchmarks report. The load comes from the lean client
 * (lib/load.ts); `--client autocannon` uses autocannon instead, to compare.
 */
import autocannon from 'autocannon';
import { ownCpuSeconds, processCpuSeconds } from './cpu.ts';
import { runLoad } from './load.ts';

export type LoadClient = 'lean' | 'autocannon';

let loadClient: LoadClient = 'lean';

/** The load generator every later run uses. */
export function useLoadClient(client: LoadClient): void {
  loadClient = client;
}

export function currentLoadClient(): LoadClient {
  return loadClient;
}

type Load = Pick<Run, 'rps' | 'p50' | 'p99' | 'non2xx' | 'errors'>;

/** The request a target asks for: a GET with its headers, or its JSON body with the method. */
function requestOf(target: Target): { method?: string; body?: string; headers: Record<string, string> } {
  if (target.json === undefined) return { headers: target.headers ?? {} };
  return {
    method: target.method ?? 'POST',
    body: JSON.stringify(target.json),
    headers: { 'content-type': 'application/json', ...target.headers },
  };
}

async function autocannonLoad(target: Target, seconds: number, connections: number): Promise<Load> {
  if (target.variants) throw new Error('Requests with variants need the lean load client.');
  const result = await autocannon({
    url: target.url,
    duration: seconds,
    connections,
    pipelining: 1,
    ...requestOf(target),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function leanLoad(target: Target, seconds: number, connections: number): Promise<Load> {
  const variants = target.variants?.map((variant) => ({
    body: JSON.stringify(variant.json),
    headers: variant.headers ?? {},
  }));
  const result = await runLoad({
    url: target.url,
    seconds,
    connections,
    ...requestOf(target),
    ...(variants ? { variants } : {}),
  });
  // Latencies to a tenth of a millisecond (autocannon gives whole ones).
  const tenth = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: result.rps,
    p50: tenth(result.p50),
    p99: tenth(result.p99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export interface MeasureSettings {
  /** Seconds per measured run. */
  seconds: number;
  connections: number;
  /** Measured runs per side, alternating baseline and product. */
  rounds: number;
  /** Seconds of unmeasured load each server gets first (JIT, caches). 0 to skip. */
  warmupSeconds: number;
}

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Cores the server used during the run (1 = one core busy all along); NaN when unknown. */
  serverCpu: number;
  /** Cores autocannon (this process) used during the run. */
  clientCpu: number;
}

/** A server to load: its URL and its process id (for its CPU use). */
export interface Target {
  url: string;
  pid: number;
  /** A body sent as JSON on every request (GET without it). */
  json?: unknown;
  /** The method of a JSON body (POST when not given). */
  method?: 'POST' | 'PATCH';
  /** Extra request headers (a Bearer token). */
  headers?: Record<string, string>;
  /** Requests sent in turn, each with its own JSON body and headers (the lean client only). */
  variants?: { json: unknown; headers?: Record<string, string> }[];
}

export interface Side extends Run {
  runs: Run[];
}

export interface Comparison {
  baseline: Side;
  product: Side;
  /** product req/s ÷ baseline req/s, from the medians. */
  ratio: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measure(target: Target, seconds: number, connections: number): Promise<Run> {
  const started = { wall: performance.now(), server: processCpuSeconds(target.pid), client: ownCpuSeconds() };
  const load = await (loadClient === 'lean' ? leanLoad : autocannonLoad)(target, seconds, connections);
  const wallSeconds = (performance.now() - started.wall) / 1000;
  return {
    ...load,
    serverCpu: (processCpuSeconds(target.pid) - started.server) / wallSeconds,
    clientCpu: (ownCpuSeconds() - started.client) / wallSeconds,
  };
}

function summarize(runs: Run[]): Side {
  return {
    runs,
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    serverCpu: median(runs.map((run) => run.serverCpu)),
    clientCpu: median(runs.map((run) => run.clientCpu)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

export async function compareAlternating(
  baseline: Target,
  product: Target,
  settings: MeasureSettings,
): Promise<Comparison> {
  if (settings.warmupSeconds > 0) {
    await measure(baseline, settings.warmupSeconds, settings.connections);
    await measure(product, settings.warmupSeconds, settings.connections);
  }
  const baselineRuns: Run[] = [];
  const productRuns: Run[] = [];
  for (let round = 0; round < settings.rounds; round += 1) {
    baselineRuns.push(await measure(baseline, settings.seconds, settings.connections));
    productRuns.push(await measure(product, settings.seconds, settings.connections));
  }
  const baselineSide = summarize(baselineRuns);
  const productSide = summarize(productRuns);
  return { baseline: baselineSide, product: productSide, ratio: productSide.rps / baselineSide.rps };
}
