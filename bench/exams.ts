/**
 * An exam night (issue 17, "Must show"): candidates of one open contest on the seeded Tiếng Anh exam
 * (40 single-choice questions) start within seconds (`POST /api/user/exam/start.json`), each saves
 * 40 answers with a growing seq (`PATCH /api/user/exam/answer.json`) and submits
 * (`POST /api/user/exam/submit.json`), phase after phase, through real HTTP at 64 connections (the
 * lean client, lib/load.ts). The same requests go to a bare Fastify doing one write per request on
 * the same engine (servers/bare-write.ts), alternating rounds in the same run, on SQLite and — when a
 * PostgreSQL URL is configured (BENCH_DATABASE_URL or TEST_DATABASE_URL) — on PostgreSQL. Target:
 * saves ≥ 0.5× the baseline with p99 ≤ 50 ms. Every save must be stored and every attempt submitted.
 */
import { readBenchDatabaseUrl } from '../config/env.ts';
import {
  fetchChecked,
  judge,
  postgresNotRun,
  withServers,
  type Check,
  type ReportBenchmark,
  type Settings,
} from './lib/bench.ts';
import type { ChildServer } from './lib/child-server.ts';
import { processCpuSeconds } from './lib/cpu.ts';
import {
  BARE_ATTEMPTS_PATH,
  EXAM_NIGHT_ASSUMPTION,
  EXAM_NIGHT_ATTEMPTS_PATH,
  EXAM_NIGHT_PATH,
  EXAM_PATHS,
  carriedCandidates,
  planSaves,
  type ExamNightAttempt,
  type ExamNightData,
  type Phase,
} from './lib/exam-night.ts';
import { buildRequest, runRequests, type LoadResult } from './lib/load.ts';
import { median } from './lib/measure.ts';

const CONNECTIONS = 64;
/** Candidates per measured round: five per connection. */
const CANDIDATES_PER_ROUND = 5 * CONNECTIONS;
const WARMUP_CANDIDATES = CONNECTIONS;
const SAVES = 40;
const EXAM_SLUG = 'de-mau-tieng-anh-thpt-2025';
const CONTEST_SLUG = 'dem-thi-thu-tieng-anh';
const SAVE_RATIO_TARGET = 0.5;
const SAVE_P99_TARGET_MS = 50;
const PHASES: Phase[] = ['start', 'save', 'submit'];

type Engine = 'SQLite' | 'PostgreSQL';

interface PhaseRun extends LoadResult {
  seconds: number;
  /** Cores the server process used during the phase (the database server's own processes not counted). */
  serverCpu: number;
}

type RoundRuns = Record<Phase, PhaseRun>;

interface Candidate {
  token: string;
  address: string;
}

const addressOf = (index: number) => `10.17.${(index >> 8) & 255}.${index & 255}`;

async function readJson<T>(url: string): Promise<T> {
  return JSON.parse((await fetchChecked(url, 'application/json')).text) as T;
}

function requestFor(origin: string, phase: Phase, candidate: Candidate, body: unknown): Buffer {
  return buildRequest(new URL(EXAM_PATHS[phase], origin), {
    method: phase === 'save' ? 'PATCH' : 'POST',
    headers: {
      authorization: `Bearer ${candidate.token}`,
      'x-forwarded-for': candidate.address,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

async function phaseRun(server: ChildServer, requests: Buffer[]): Promise<PhaseRun> {
  const cpu = processCpuSeconds(server.pid);
  const result = await runRequests({ origin: server.origin, connections: CONNECTIONS, requests });
  return { ...result, serverCpu: (processCpuSeconds(server.pid) - cpu) / result.seconds };
}

/**
 * One round on one side: every candidate starts, then saves, then submits. `attemptIds` reads the
 * attempts the starts created (from the server's database), in the order of `candidates`.
 */
async function round(
  server: ChildServer,
  slug: string,
  questionIds: number[],
  candidates: Candidate[],
  attemptIds: () => Promise<number[]>,
): Promise<RoundRuns> {
  const start = await phaseRun(
    server,
    candidates.map((candidate) => requestFor(server.origin, 'start', candidate, { slug })),
  );
  const ids = await attemptIds();
  const saves = planSaves(candidates.length, questionIds.length, SAVES).map((save) =>
    requestFor(server.origin, 'save', candidates[save.candidate]!, {
      attempt_id: ids[save.candidate],
      question_id: questionIds[save.question],
      answer: save.answer,
      seq: save.seq,
    }),
  );
  const save = await phaseRun(server, saves);
  const submit = await phaseRun(
    server,
    candidates.map((candidate, index) => requestFor(server.origin, 'submit', candidate, { attempt_id: ids[index] })),
  );
  return { start, save, submit };
}

/** Start, save and submit of one candidate through fetch, each checked: a broken path fails here, readably. */
async function preflight(origin: string, slug: string, questionId: number, candidate: Candidate): Promise<void> {
  const call = async (phase: Phase, body: unknown) => {
    const response = await fetch(origin + EXAM_PATHS[phase], {
      method: phase === 'save' ? 'PATCH' : 'POST',
      headers: {
        authorization: `Bearer ${candidate.token}`,
        'x-forwarded-for': candidate.address,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${EXAM_PATHS[phase]} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { data: { attempt_id: number } };
  };
  const room = await call('start', { slug });
  await call('save', { attempt_id: room.data.attempt_id, question_id: questionId, answer: 'A', seq: 1 });
  await call('submit', { attempt_id: room.data.attempt_id });
}

interface EngineResult {
  engine: Engine;
  product: RoundRuns[];
  baseline: RoundRuns[];
  /** Saves planned and answers stored, of every measured and warm-up candidate (the pre-flight one aside). */
  savesExpected: number;
  answersStored: number;
  notSubmitted: number;
}

async function runEngine(engine: Engine, databaseUrl: string | undefined, settings: Settings): Promise<EngineResult> {
  return withServers(settings, async (start) => {
    const warmup = settings.warmupSeconds > 0 ? WARMUP_CANDIDATES : 0;
    const total = 1 + warmup + CANDIDATES_PER_ROUND * settings.rounds;
    const examNight = { candidates: total, examSlug: EXAM_SLUG, contestSlug: CONTEST_SLUG };
    const product = await start('product', { pages: false, examNight, ...(databaseUrl ? { databaseUrl } : {}) });
    const baseline = await start('bare-write', databaseUrl ? { databaseUrl } : {});
    const data = await readJson<ExamNightData>(product.origin + EXAM_NIGHT_PATH);
    const questionIds = data.questions.map((question) => question.id);
    const candidates = data.candidates.map((candidate, index) => ({
      token: candidate.token,
      address: addressOf(index + 1),
    }));
    const userOf = new Map(data.candidates.map((candidate) => [candidate.token, candidate.userId]));
    await preflight(product.origin, data.slug, questionIds[0]!, candidates[0]!);

    const productIds = (group: Candidate[]) => async () => {
      const attempts = await readJson<ExamNightAttempt[]>(product.origin + EXAM_NIGHT_ATTEMPTS_PATH);
      const byUser = new Map(attempts.map((attempt) => [attempt.userId, attempt.attemptId]));
      return group.map((candidate) => byUser.get(userOf.get(candidate.token)!) ?? 0);
    };
    const baselineIds = (group: Candidate[]) => async () =>
      (await readJson<number[]>(baseline.origin + BARE_ATTEMPTS_PATH)).slice(-group.length);

    const groupAt = (offset: number, size: number) => candidates.slice(offset, offset + size);
    if (warmup > 0) {
      const group = groupAt(1, warmup);
      await round(baseline, data.slug, questionIds, group, baselineIds(group));
      await round(product, data.slug, questionIds, group, productIds(group));
    }
    const productRuns: RoundRuns[] = [];
    const baselineRuns: RoundRuns[] = [];
    for (let index = 0; index < settings.rounds; index += 1) {
      const group = groupAt(1 + warmup + index * CANDIDATES_PER_ROUND, CANDIDATES_PER_ROUND);
      baselineRuns.push(await round(baseline, data.slug, questionIds, group, baselineIds(group)));
      productRuns.push(await round(product, data.slug, questionIds, group, productIds(group)));
    }

    const attempts = await readJson<ExamNightAttempt[]>(product.origin + EXAM_NIGHT_ATTEMPTS_PATH);
    const measured = attempts.filter((attempt) => attempt.userId !== data.candidates[0]!.userId);
    return {
      engine,
      product: productRuns,
      baseline: baselineRuns,
      savesExpected: (total - 1) * Math.min(SAVES, questionIds.length),
      answersStored: measured.reduce((sum, attempt) => sum + attempt.answers, 0),
      notSubmitted: total - 1 - measured.filter((attempt) => attempt.status === 'submitted').length,
    };
  });
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ms = (value: number) => (value < 1 ? '<1 ms' : `${integer.format(value)} ms`);
const percent = (value: number) => (Number.isNaN(value) ? '?' : `${Math.round(value * 100)} %`);
const WIDTHS = [8, 9, 9, 12, 9, 0];

function row(label: string, cells: string[]): string {
  return `  ${label.padEnd(18)}${cells.map((cell, index) => cell.padStart(WIDTHS[index]!)).join('')}`;
}

interface PhaseSummary {
  rps: number;
  p50: number;
  p99: number;
  serverCpu: number;
  failed: number;
  runs: PhaseRun[];
}

function summarize(rounds: RoundRuns[], phase: Phase): PhaseSummary {
  const runs = rounds.map((runs) => runs[phase]);
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    serverCpu: median(runs.map((run) => run.serverCpu)),
    failed: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
    runs,
  };
}

function sideRow(label: string, side: PhaseSummary): string {
  return row(label, [
    integer.format(side.rps),
    ms(side.p50),
    ms(side.p99),
    percent(side.serverCpu),
    integer.format(side.failed),
    `   ${side.runs.map((run) => `${integer.format(run.rps)} (${run.seconds.toFixed(1)} s)`).join(', ')}`,
  ]);
}

function engineReport(result: EngineResult): { lines: string[]; checks: Check[] } {
  const { engine } = result;
  const lines = [
    `  ${engine}`,
    row('', ['req/s', 'p50', 'p99', 'server CPU', 'failed', '   req/s (time) of each round']),
  ];
  const summaries = {} as Record<Phase, { product: PhaseSummary; baseline: PhaseSummary; ratio: number }>;
  for (const phase of PHASES) {
    const product = summarize(result.product, phase);
    const baseline = summarize(result.baseline, phase);
    const ratio = product.rps / baseline.rps;
    summaries[phase] = { product, baseline, ratio };
    lines.push(sideRow(`${phase} baseline`, baseline), sideRow(`${phase} product`, product));
    lines.push(`  ${phase} ratio ${ratio.toFixed(3)}${phase === 'save' ? `  target ≥ ${SAVE_RATIO_TARGET}` : ''}`);
  }
  const lost = result.savesExpected - result.answersStored;
  lines.push(
    `  answers stored ${integer.format(result.answersStored)} of ${integer.format(result.savesExpected)} saved; ` +
      `attempts not submitted ${result.notSubmitted}`,
  );
  const carry = carriedCandidates({ saveRps: summaries.save.product.rps, startRps: summaries.start.product.rps });
  const { secondsPerSave, utilisation, startWindowSeconds } = EXAM_NIGHT_ASSUMPTION;
  lines.push(
    `  one instance carries ~${integer.format(carry.carried)} concurrent candidates: ${integer.format(carry.bySaves)} by saves ` +
      `(one save per candidate every ${secondsPerSave} s), ${integer.format(carry.byStart)} by the start ` +
      `(everyone within ${startWindowSeconds} s); both at ${Math.round(utilisation * 100)} % of the measured throughput`,
  );

  const failed = PHASES.some((phase) => summaries[phase].product.failed + summaries[phase].baseline.failed > 0);
  const verdict = (value: number, target: number, direction: 'at-least' | 'at-most') =>
    failed ? 'ERROR' : judge(value, target, direction);
  const save = summaries.save;
  const reported = (phase: Phase): Check => ({
    label: `${engine} ${phase} ratio`,
    value: summaries[phase].ratio.toFixed(3),
    target: 'reported, no target',
    verdict: failed || Number.isNaN(summaries[phase].ratio) ? 'ERROR' : 'PASS',
  });
  const checks: Check[] = [
    {
      label: `${engine} save ratio`,
      value: save.ratio.toFixed(3),
      target: `≥ ${SAVE_RATIO_TARGET}`,
      verdict: verdict(save.ratio, SAVE_RATIO_TARGET, 'at-least'),
    },
    {
      label: `${engine} save p99`,
      value: ms(save.product.p99),
      target: `≤ ${SAVE_P99_TARGET_MS} ms`,
      verdict: verdict(save.product.p99, SAVE_P99_TARGET_MS, 'at-most'),
    },
    reported('start'),
    reported('submit'),
    {
      label: `${engine} answers lost`,
      value: String(lost + result.notSubmitted),
      target: '= 0',
      verdict: lost === 0 && result.notSubmitted === 0 ? 'PASS' : 'ERROR',
    },
  ];
  return { lines, checks };
}

export const examsBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'exams',
  title:
    `an exam night: ${CANDIDATES_PER_ROUND} candidates per round start, save ${SAVES} answers each and submit, ` +
    'vs bare Fastify doing one write per request, on SQLite and PostgreSQL',
  needsBuild: false,
  connections: CONNECTIONS,
  run: async (settings) => {
    const lines = [
      `  each round: ${CANDIDATES_PER_ROUND} candidates of one contest (${EXAM_SLUG}, 40 questions, shuffled) start, ` +
        `then save ${SAVES} answers each (seq 1…${SAVES}, interleaved), then submit;`,
      `  ${CONNECTIONS} connections (fixed: the target's load), ${settings.rounds} rounds per side alternating baseline/product` +
        (settings.warmupSeconds > 0 ? `, after a warm-up round of ${WARMUP_CANDIDATES} candidates each` : '') +
        '; medians; --seconds does not apply (the work is the candidates).',
    ];
    const checks: Check[] = [];
    const databaseUrl = readBenchDatabaseUrl();
    const engines: [Engine, string | undefined][] = [['SQLite', undefined]];
    if (databaseUrl) engines.push(['PostgreSQL', databaseUrl]);
    for (const [engine, url] of engines) {
      const report = engineReport(await runEngine(engine, url, { ...settings, connections: CONNECTIONS }));
      lines.push(...report.lines);
      checks.push(...report.checks);
    }
    if (!databaseUrl) {
      const skipped = postgresNotRun();
      lines.push(...skipped.lines);
      checks.push(...skipped.checks);
    }
    return { lines, checks };
  },
};
