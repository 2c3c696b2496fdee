/** What a benchmark is, and the helpers every benchmark uses: servers that always stop, checked fetches. */
import fs from 'node:fs';
import http from 'node:http';
import { startChildServer, type ChildServer, type StartOptions } from './child-server.ts';
import type { Comparison, MeasureSettings } from './measure.ts';

export interface Settings extends MeasureSettings, StartOptions {}

export interface BenchResult {
  comparison: Comparison;
  /** Facts worth printing with the numbers (body sizes, what was compared). */
  notes: string[];
}

/** One throughput comparison against a baseline, judged by its ratio (api, ssr, auth). */
export interface Benchmark {
  kind?: 'comparison';
  name: string;
  title: string;
  /** Minimum product ÷ baseline throughput ratio (issue 2, "Must show"). */
  target: number;
  /** Needs build/server/index.js (the built pages). */
  needsBuild: boolean;
  run(settings: Settings): Promise<BenchResult>;
}

/** PASS, below target, not run here (said why), or an invalid measurement (non-2xx, errors): exits 1. */
export type Verdict = 'PASS' | 'BELOW TARGET' | 'NOT RUN' | 'ERROR';

/** One measured number against its target: a line of the summary. */
export interface Check {
  /** What was measured: `list ratio`, `SQLite p95`, `home`. */
  label: string;
  /** As printed: `0.713`, `12 ms`; for NOT RUN and ERROR, the reason. */
  value: string;
  /** As printed: `≥ 0.5`, `≤ 30 ms`. */
  target: string;
  verdict: Verdict;
}

/** What a report benchmark prints (its tables and notes, already formatted) and the checks it made. */
export interface Report {
  lines: string[];
  checks: Check[];
}

/**
 * A benchmark with several numbers, each against its own target: several comparisons (catalog),
 * or absolute budgets with no baseline (search latency, Lighthouse scores).
 */
export interface ReportBenchmark {
  kind: 'report';
  name: string;
  title: string;
  needsBuild: boolean;
  /** Connections when --connections is not given (the issue sets some targets at a given load). */
  connections?: number;
  run(settings: Settings): Promise<Report>;
}

export type AnyBenchmark = Benchmark | ReportBenchmark;

/** The verdict of a number that must reach `target` (≥) or stay within it (≤). */
export function judge(value: number, target: number, direction: 'at-least' | 'at-most'): Verdict {
  if (Number.isNaN(value)) return 'ERROR';
  return (direction === 'at-least' ? value >= target : value <= target) ? 'PASS' : 'BELOW TARGET';
}

type Start = (name: string, options: unknown) => Promise<ChildServer>;

/** Runs `body` with a server starter; every server it started is stopped afterwards, whatever happens. */
export async function withServers<T>(settings: Settings, body: (start: Start) => Promise<T>): Promise<T> {
  const started: ChildServer[] = [];
  try {
    return await body(async (name, options) => {
      const server = await startChildServer(name, options, settings);
      started.push(server);
      return server;
    });
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
}

export interface CheckedResponse {
  text: string;
  bytes: number;
}

/** One request before measuring: the answer must be 200 with the expected content type. */
export async function fetchChecked(url: string, contentType: string): Promise<CheckedResponse> {
  const response = await fetch(url);
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith(contentType)) {
    throw new Error(`GET ${url} answered ${response.status} ${type}: ${text.slice(0, 300)}`);
  }
  return { text, bytes: Buffer.byteLength(text) };
}

/** What a browser sends with a page request: the benchmarks that load pages send the same. */
export const BROWSER_PAGE_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/** The bytes a GET puts on the wire with these request headers (the body as sent, maybe compressed). */
export async function wireBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A browser benchmark's report when Debian's Chromium is not installed: NOT RUN, saying why. */
export function chromiumMissing(name: string, chromePath: string): Report | null {
  if (fs.existsSync(chromePath)) return null;
  const reason = `no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`;
  return {
    lines: [`  ${name}: not run (${reason})`],
    checks: [{ label: name, value: reason, target: '', verdict: 'NOT RUN' }],
  };
}

/** A benchmark's PostgreSQL half when no database is given: NOT RUN, saying how to run it. */
export function postgresNotRun(): Report {
  return {
    lines: ['  PostgreSQL: not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)'],
    checks: [
      { label: 'PostgreSQL', value: 'no BENCH_DATABASE_URL or TEST_DATABASE_URL', target: '', verdict: 'NOT RUN' },
    ],
  };
}
