/**
 * `npm run bench [-- api ssr pages auth catalog search checkout learning exams jobs video phone offline lighthouse] [--seconds 5] [--rounds 2]
 *   [--connections 32] [--warmup 1] [--node-env production|development] [--cpu-prof DIR]
 *   [--client lean|autocannon]`
 *
 * The throughput benchmarks compare the product with a baseline measured in the same run and print
 * the ratio against its target (catalog: two endpoints, and their p99 at 64 connections); search
 * and lighthouse check absolute budgets (latency, scores). Servers run in child processes, the
 * load generator in this one (2 cores: one each): the lean client of lib/load.ts, or autocannon
 * with `--client autocannon`. Below target still exits 0 (it is a measurement);
 * errors and non-2xx answers exit 1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiBenchmark } from './api.ts';
import { authBenchmark } from './auth.ts';
import { catalogBenchmark } from './catalog.ts';
import { checkoutBenchmark } from './checkout.ts';
import { examsBenchmark } from './exams.ts';
import { jobsBenchmark } from './jobs.ts';
import { learningBenchmark } from './learning.ts';
import type { AnyBenchmark, Report, Settings } from './lib/bench.ts';
import { machineLoad } from './lib/cpu.ts';
import { comparisonReport, formatCheckLine, formatSummaryLine } from './lib/format.ts';
import { currentLoadClient, useLoadClient } from './lib/measure.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { offlineBenchmark } from './offline.ts';
import { pagesBenchmark } from './pages.ts';
import { phoneBenchmark } from './phone.ts';
import { searchBenchmark } from './search.ts';
import { ssrBenchmark } from './ssr.ts';
import { videoBenchmark } from './video.ts';

/** In this order; lighthouse last (it is the slowest, and needs the built pages). */
const BENCHMARKS: AnyBenchmark[] = [
  apiBenchmark,
  ssrBenchmark,
  pagesBenchmark,
  authBenchmark,
  catalogBenchmark,
  searchBenchmark,
  checkoutBenchmark,
  learningBenchmark,
  examsBenchmark,
  jobsBenchmark,
  videoBenchmark,
  phoneBenchmark,
  offlineBenchmark,
  lighthouseBenchmark,
];
const DEFAULT_CONNECTIONS = 32;
const BUILD_FILE = path.resolve('build/server/index.js');

/** A wrong command line: printed as one line, not as a stack trace. */
class UsageError extends Error {}

function positiveNumber(name: string, value: string, allowZero = false): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || (number === 0 && !allowZero)) {
    throw new UsageError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${value}"`);
  }
  return number;
}

/** The settings of one benchmark: --connections when given, else the benchmark's own default. */
function settingsFor(bench: AnyBenchmark, settings: Settings, connections: number | undefined): Settings {
  const own = bench.kind === 'report' ? bench.connections : undefined;
  return { ...settings, connections: connections ?? own ?? DEFAULT_CONNECTIONS };
}

function readSettings(): { selected: AnyBenchmark[]; settings: Settings; connections: number | undefined } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '2' },
      connections: { type: 'string' },
      warmup: { type: 'string', default: '1' },
      'cpu-prof': { type: 'string' },
      'node-env': { type: 'string', default: 'production' },
      client: { type: 'string', default: 'lean' },
    },
  });
  const unknown = positionals.filter((name) => !BENCHMARKS.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  }
  const selected = positionals.length > 0 ? BENCHMARKS.filter((b) => positionals.includes(b.name)) : BENCHMARKS;
  const cpuProfDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined;
  const nodeEnv = values['node-env'];
  if (nodeEnv !== 'production' && nodeEnv !== 'development')
    throw new UsageError('--node-env must be production or development');
  if (values.client !== 'lean' && values.client !== 'autocannon')
    throw new UsageError('--client must be lean or autocannon');
  useLoadClient(values.client);
  const connections =
    values.connections === undefined ? undefined : Math.round(positiveNumber('connections', values.connections));
  return {
    selected,
    connections,
    settings: {
      seconds: positiveNumber('seconds', values.seconds),
      rounds: Math.round(positiveNumber('rounds', values.rounds)),
      connections: connections ?? DEFAULT_CONNECTIONS,
      warmupSeconds: positiveNumber('warmup', values.warmup, true),
      cpuProfDir,
      nodeEnv,
    },
  };
}

/** `32 connections (catalog: 64)` */
function describeConnections(selected: AnyBenchmark[], settings: Settings, connections: number | undefined): string {
  const own = selected
    .filter((bench) => bench.kind === 'report' && connections === undefined && bench.connections !== undefined)
    .map((bench) => `${bench.name}: ${settingsFor(bench, settings, connections).connections}`);
  return `${settings.connections} connections${own.length > 0 ? ` (${own.join(', ')})` : ''}`;
}

function ensureBuild(): void {
  if (fs.existsSync(BUILD_FILE)) return;
  console.log('build/server/index.js is missing: building the pages first (react-router build)…');
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
}

async function main(): Promise<number> {
  const { selected, settings, connections } = readSettings();
  if (settings.cpuProfDir) fs.mkdirSync(settings.cpuProfDir, { recursive: true });
  // Before any server starts, the load average is other people's work.
  const load = machineLoad();

  console.log(
    `Node ${process.version}, ${os.availableParallelism()} CPUs, servers with NODE_ENV=${settings.nodeEnv}, ` +
      `each in its own child process, ${currentLoadClient() === 'lean' ? 'the lean load client (bench/lib/load.ts)' : 'autocannon'} in this one; ` +
      `${describeConnections(selected, settings, connections)}, ${settings.warmupSeconds} s warm-up, ` +
      `then ${settings.rounds} × ${settings.seconds} s ` +
      'per side alternating baseline/product; medians.',
  );
  console.log(
    load > 0.5
      ? `Machine load before starting: ${load.toFixed(1)}× the cores. Other work competes for the CPUs: single numbers ` +
          'are noisy (the ratio, measured alternately, less so); --rounds 4 steadies it.\n'
      : `Machine load before starting: ${load.toFixed(1)}× the cores.\n`,
  );

  const summary: string[] = [];
  let failed = false;
  for (const bench of selected) {
    try {
      if (bench.needsBuild) ensureBuild();
      const own = settingsFor(bench, settings, connections);
      const report: Report =
        bench.kind === 'report' ? await bench.run(own) : comparisonReport(bench, await bench.run(own));
      console.log(`[${bench.name}] ${bench.title}\n${report.lines.join('\n')}\n`);
      for (const check of report.checks) {
        summary.push(formatCheckLine(bench.name, check));
        if (check.verdict === 'ERROR') failed = true;
      }
    } catch (error) {
      failed = true;
      console.error(`[${bench.name}] failed:`, error, '\n');
      summary.push(formatSummaryLine(bench.name, 'ERROR'));
    }
  }
  console.log(`Summary\n${summary.join('\n')}`);
  if (settings.cpuProfDir) console.log(`\nCPU profiles of the servers (one folder per server): ${settings.cpuProfDir}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(1);
  },
);
