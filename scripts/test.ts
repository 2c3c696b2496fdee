/**
 * npm test: build the app, then unit tests, the integration suite on SQLite, the same suite on
 * PostgreSQL when TEST_DATABASE_URL is set, and the Chromium journeys. Any failure fails the run;
 * a pass that cannot run here is said plainly.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildChildEnv, readChromiumPath, readIsCi, readTestDatabaseUrl } from '../config/env.ts';

interface PassResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  note?: string;
}

const results: PassResult[] = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-report-'));

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const child = spawnSync(command, args, { stdio: 'inherit', env: buildChildEnv(env) });
  return child.status ?? 1;
}

/**
 * Integration files spend much of their time waiting (on the database, timers, child processes):
 * vitest's default of one file per core but one would run them one at a time on a 2-core CI
 * machine. Two at once took the SQLite pass from 9.4 to 4.8 minutes there.
 */
const INTEGRATION_WORKERS = Math.max(2, os.availableParallelism() - 1);

function vitestPass(name: string, project: string, env: Record<string, string> = {}): void {
  console.log(`\n━━ ${name} ━━`);
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const workers = project === 'integration' ? [`--maxWorkers=${INTEGRATION_WORKERS}`] : [];
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      ...workers,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let failedFiles: string[] = [];
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: { name: string; status: string; message?: string }[];
    };
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    skipped = json.numPendingTests + json.numTodoTests;
    // A file can fail with every test passed (a hook, an import): name it and its first line.
    failedFiles = (json.testResults ?? [])
      .filter((file) => file.status === 'failed')
      .map((file) => `${path.relative(process.cwd(), file.name)}: ${(file.message ?? '').split('\n')[0]}`);
  }
  const ok = status === 0 && passed > 0;
  const note =
    passed === 0
      ? 'no test ran'
      : status !== 0 && failed === 0
        ? `vitest exited ${status} with no failed test: ${
            failedFiles.length > 0
              ? `failed files — ${failedFiles.join('; ')}`
              : 'unhandled errors (see "Unhandled" above)'
          }`
        : undefined;
  results.push({ name, passed, failed, skipped, ok, ...(note ? { note } : {}) });
}

console.log('━━ build ━━');
const build = spawnSync('npx', ['react-router', 'build'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  env: buildChildEnv({}),
});
process.stdout.write(build.stdout ?? '');
process.stderr.write(build.stderr ?? '');
if (build.status !== 0) {
  console.error('The build failed.');
  process.exit(1);
}
// Server-only code (the database, Node built-ins) pulled into the browser bundle is a bug.
const leaks = `${build.stdout}${build.stderr}`.match(
  /Module "[^"]+" has been externalized for browser compatibility, imported by "[^"]+"/g,
);
if (leaks) {
  console.error(`Server-only modules reach the browser bundle:\n${[...new Set(leaks)].join('\n')}`);
  process.exit(1);
}

vitestPass('unit', 'unit');
vitestPass('integration (SQLite)', 'integration', { TEST_ENGINE: 'sqlite' });

const pgUrl = readTestDatabaseUrl();
if (pgUrl) {
  vitestPass('integration (PostgreSQL)', 'integration', { TEST_ENGINE: 'postgres' });
} else {
  results.push({
    name: 'integration (PostgreSQL)',
    passed: 0,
    failed: 0,
    skipped: 0,
    ok: !readIsCi(),
    note: 'NOT RUN: TEST_DATABASE_URL is not set',
  });
}

const chromium = readChromiumPath();
if (fs.existsSync(chromium)) {
  vitestPass('browser journeys (Chromium)', 'e2e');
} else {
  results.push({
    name: 'browser journeys (Chromium)',
    passed: 0,
    failed: 0,
    skipped: 0,
    ok: !readIsCi(),
    note: `NOT RUN: no Chromium at ${chromium} (apt-get install chromium)`,
  });
}

console.log('\n━━ summary ━━');
for (const result of results) {
  const counts = `${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`;
  console.log(`${result.ok ? '✓' : '✗'} ${result.name}: ${counts}${result.note ? ` — ${result.note}` : ''}`);
}
const total = results.reduce(
  (sum, result) => ({
    passed: sum.passed + result.passed,
    failed: sum.failed + result.failed,
    skipped: sum.skipped + result.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(results.every((result) => result.ok) ? 0 : 1);
