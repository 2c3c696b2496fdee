/** What a benchmark is, and the helpers every benchmark uses: servers that always stop, checked fetches. */
import { startChildServer, type ChildServer, type StartOptions } from './child-server.ts';
import type { Comparison, MeasureSettings } from './measure.ts';

export interface Settings extends MeasureSettings, StartOptions {}

export interface BenchResult {
  comparison: Comparison;
  /** Facts worth printing with the numbers (body sizes, what was compared). */
  notes: string[];
}

export interface Benchmark {
  name: string;
  title: string;
  /** Minimum product ÷ baseline throughput ratio (issue 2, "Must show"). */
  target: number;
  /** Needs build/server/index.js (the built pages). */
  needsBuild: boolean;
  run(settings: Settings): Promise<BenchResult>;
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
