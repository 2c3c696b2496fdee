/**
 * Search budget (issue 4, "Must show"): latency of the search service over 100,000 generated
 * Vietnamese documents, on each engine — SQLite (a temporary file) and PostgreSQL (a fresh schema
 * of TEST_DATABASE_URL, dropped afterwards; not run without it). The documents go through the
 * search module's own indexing path (`upsertSearchDocument`, batched in transactions); then ~200
 * fixed queries (with and without marks, prefixes, multi-word, a few typos) run through
 * `createSearchService(...).search` in this process, as a page loader calls it: no HTTP. Target:
 * p95 ≤ 30 ms. An absolute budget, so there is no baseline; the machine's load is printed with it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { readTestDatabaseUrl } from '../config/env.ts';
import { connectDatabase, nowIso, type DatabaseHandle } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { upsertSearchDocument, type SearchDocumentInput } from '../modules/search/search.repository.ts';
import { createSearchService } from '../modules/search/search.service.ts';
import { judge, type Check, type Report, type ReportBenchmark, type Settings } from './lib/bench.ts';
import { machineBusyCores, machineLoad, machineTicks } from './lib/cpu.ts';
import { median } from './lib/measure.ts';
import { buildQueries, createRandom, generateDocument, type BenchQuery } from './lib/vietnamese-corpus.ts';

const DOCUMENTS = 100_000;
const SEED = 20_261_122;
const BATCH = 1_000;
const P95_TARGET_MS = 30;
/** As the search page asks: the first page of 20, sorted by relevance. */
const PAGE = { page: 1, limit: 20 } as const;

interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  database: DatabaseHandle;
  /** Transactions written at once: 1 on SQLite (one writer), a few on PostgreSQL (its own processes). */
  writers: number;
  /** The index's size on disk, for the report. */
  size(): Promise<number>;
  /** After indexing, what the engine's routine maintenance would have done by the time people search. */
  settle(): Promise<string>;
  cleanup(): Promise<void>;
}

async function openSqlite(): Promise<Engine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-bench-search-'));
  const database = connectDatabase({ dataDir });
  const file = path.join(dataDir, 'khai-tri.sqlite');
  return {
    name: 'SQLite',
    database,
    writers: 1,
    size: async () =>
      fs
        .readdirSync(dataDir)
        .filter((name) => name.startsWith('khai-tri.sqlite'))
        .reduce((sum, name) => sum + fs.statSync(path.join(dataDir, name)).size, 0),
    settle: async () => {
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
      return `WAL checkpointed into ${path.basename(file)}; the FTS5 segments as the inserts left them`;
    },
    cleanup: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openPostgres(url: string): Promise<Engine> {
  const schema = `bench_search_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const database = connectDatabase({ databaseUrl: url, dataDir: os.tmpdir(), pgSchema: schema });
  return {
    name: 'PostgreSQL',
    database,
    writers: 3,
    size: async () => {
      const { rows } = await sql<{ bytes: number }>`
        select pg_total_relation_size('search_documents')::bigint as bytes`.execute(database.db);
      return Number(rows[0]?.bytes ?? 0);
    },
    settle: async () => {
      // What autovacuum does after a bulk load: statistics for the planner, the GIN pending list merged.
      await sql`vacuum analyze search_documents`.execute(database.db);
      return 'vacuum analyze (what autovacuum does after a bulk load)';
    },
    cleanup: async () => {
      await database.close();
      await adminQuery(url, `drop schema if exists ${schema} cascade`);
    },
  };
}

/**
 * Writes the corpus through `upsertSearchDocument`, BATCH documents per transaction, `writers`
 * transactions at a time. Returns the seconds spent generating the text and the wall seconds of the
 * whole indexing (generation included: it overlaps PostgreSQL's writes).
 */
async function index(db: Kysely<Database>, writers: number): Promise<{ seconds: number; generating: number }> {
  const random = createRandom(SEED);
  const now = nowIso();
  const started = performance.now();
  let generating = 0;
  const running = new Set<Promise<void>>();
  try {
    for (let first = 0; first < DOCUMENTS; first += BATCH) {
      const generated = performance.now();
      const batch: SearchDocumentInput[] = [];
      for (let i = first; i < Math.min(first + BATCH, DOCUMENTS); i += 1) batch.push(generateDocument(random, i));
      generating += performance.now() - generated;
      const write = db.transaction().execute(async (trx) => {
        for (const doc of batch) await upsertSearchDocument(trx, doc, now);
      });
      const tracked: Promise<void> = write.finally(() => running.delete(tracked));
      running.add(tracked);
      if (running.size >= writers) await Promise.race(running);
    }
    await Promise.all(running);
  } catch (error) {
    await Promise.allSettled(running);
    throw error;
  }
  return { seconds: (performance.now() - started) / 1000, generating: generating / 1000 };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

interface Timing {
  query: BenchQuery;
  ms: number;
  /** CPU time of this process during the query: on SQLite (in-process) what it takes on an idle core. */
  cpuMs: number;
  total: number;
}

async function measureEngine(engine: Engine, settings: Settings, queries: BenchQuery[]) {
  const lines: string[] = [];
  const { db } = engine.database;
  await migrateToLatest(db);
  const indexed = await index(db, engine.writers);
  const settleStarted = performance.now();
  const settled = await engine.settle();
  const settleSeconds = (performance.now() - settleStarted) / 1000;
  lines.push(
    `  indexed ${DOCUMENTS.toLocaleString('en-US')} documents in ${indexed.seconds.toFixed(1)} s ` +
      `(${Math.round(DOCUMENTS / indexed.seconds).toLocaleString('en-US')}/s, of which ${indexed.generating.toFixed(1)} s ` +
      `generating the text; ${BATCH} per transaction, ` +
      `${engine.writers} transaction${engine.writers > 1 ? 's' : ''} at a time); ` +
      `then ${settled}: ${settleSeconds.toFixed(1)} s; ${megabytes(await engine.size())} on disk`,
  );

  const search = createSearchService({ db });
  // One unmeasured pass: JIT, the engine's caches.
  for (const query of queries) await search.search({ q: query.q, ...PAGE });
  const timings: Timing[] = [];
  const ticks = machineTicks();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const query of queries) {
      const cpuBefore = process.cpuUsage();
      const before = performance.now();
      const result = await search.search({ q: query.q, ...PAGE });
      const elapsed = performance.now() - before;
      const cpuUsed = process.cpuUsage(cpuBefore);
      timings.push({ query, ms: elapsed, cpuMs: (cpuUsed.user + cpuUsed.system) / 1000, total: result.total });
    }
  }
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const busy = machineBusyCores(ticks, machineTicks());
  const own = (used.user + used.system) / 1e6 / wall;

  const all = timings.map((timing) => timing.ms);
  const p95 = percentile(all, 0.95);
  const empty = timings.filter((timing) => timing.total === 0).length / settings.rounds;
  lines.push(
    `  ${queries.length} queries × ${settings.rounds} rounds (after one unmeasured round), page 1 of 20 by relevance; ` +
      `${Math.round(empty)} of them find nothing`,
    `  machine during the queries: ${Number.isNaN(busy) ? '?' : busy.toFixed(1)} of ${os.availableParallelism()} cores busy ` +
      `(this process ${own.toFixed(1)}${engine.name === 'PostgreSQL' ? ', the rest mostly PostgreSQL' : ''})`,
    `  ${'shape'.padEnd(12)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}` +
      `${'CPU p50'.padStart(11)}${'CPU p95'.padStart(10)}   (CPU: of this process${engine.name === 'SQLite' ? ', the whole query' : ', PostgreSQL not counted'})`,
  );
  const shapes = [...new Set(queries.map((query) => query.shape))];
  for (const shape of [...shapes, 'all'] as const) {
    const chosen = shape === 'all' ? timings : timings.filter((t) => t.query.shape === shape);
    const values = chosen.map((t) => t.ms);
    const cpus = chosen.map((t) => t.cpuMs);
    lines.push(
      `  ${shape.padEnd(12)}${ms(median(values)).padStart(9)}${ms(percentile(values, 0.95)).padStart(9)}` +
        `${ms(Math.max(...values)).padStart(9)}${ms(median(cpus)).padStart(11)}${ms(percentile(cpus, 0.95)).padStart(10)}`,
    );
  }
  const verdict = judge(p95, P95_TARGET_MS, 'at-most');
  lines.push(`  p95 ${ms(p95)}  target ≤ ${P95_TARGET_MS} ms  ${verdict}`, '  slowest queries (median of the rounds):');
  const byQuery = new Map<string, Timing[]>();
  for (const timing of timings) byQuery.set(timing.query.q, [...(byQuery.get(timing.query.q) ?? []), timing]);
  const slowest = [...byQuery.values()]
    .map((runs) => ({ q: runs[0]!.query.q, total: runs[0]!.total, ms: median(runs.map((run) => run.ms)) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8);
  for (const query of slowest) {
    lines.push(`    ${ms(query.ms).padStart(8)}  ${JSON.stringify(query.q)} (${query.total} results)`);
  }
  const check: Check = { label: `${engine.name} p95`, value: ms(p95), target: `≤ ${P95_TARGET_MS} ms`, verdict };
  return { lines, check };
}

async function runEngine(open: () => Promise<Engine>, settings: Settings, queries: BenchQuery[]) {
  const engine = await open();
  try {
    const { lines, check } = await measureEngine(engine, settings, queries);
    return { lines: [`${engine.name} (${engine.database.location})`, ...lines], check };
  } finally {
    await engine.cleanup();
  }
}

export const searchBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'search',
  title: `search service latency over ${DOCUMENTS.toLocaleString('en-US')} generated Vietnamese documents, in-process`,
  needsBuild: false,
  async run(settings): Promise<Report> {
    const queries = buildQueries();
    const load = machineLoad();
    const lines = [
      `  machine load before indexing: ${load.toFixed(1)}× the cores` +
        (load > 0.5 ? ' (other work competes for the CPUs: latencies are noisy; --rounds 4 steadies them)' : ''),
    ];
    const checks: Check[] = [];

    const sqlite = await runEngine(openSqlite, settings, queries);
    lines.push(...sqlite.lines);
    checks.push(sqlite.check);

    const url = readTestDatabaseUrl();
    if (url) {
      const postgres = await runEngine(() => openPostgres(url), settings, queries);
      lines.push(...postgres.lines);
      checks.push(postgres.check);
    } else {
      lines.push('PostgreSQL: not run (no TEST_DATABASE_URL)');
      checks.push({ label: 'PostgreSQL p95', value: 'no TEST_DATABASE_URL', target: '', verdict: 'NOT RUN' });
    }
    return { lines, checks };
  },
};
