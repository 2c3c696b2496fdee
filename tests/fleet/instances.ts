/**
 * App instances as real processes: `node server/main.ts` (through tsx, as `npm run serve` does)
 * with the built pages, each on its own port and its own DATA_DIR (its own disk), so what the
 * fleet test sees is what N copies behind a load balancer see. Each process's output goes to a log
 * file the test prints when a check fails; an instance that exits is a failure, never a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildChildEnv } from '../../config/env.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface AppInstance {
  name: string;
  /** http://127.0.0.1:{port} */
  baseUrl: string;
  pid: number;
  /** Null while the process runs; how it ended otherwise. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last lines the process wrote. */
  tail(lines?: number): string;
  stop(): Promise<void>;
}

export interface InstanceOptions {
  name: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
}

export function startInstance(options: InstanceOptions): AppInstance {
  const { name, port, dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: buildChildEnv({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...options.env,
    }),
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve();
    }),
  );
  return {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exit: () => ended,
    tail(lines = 40) {
      if (!fs.existsSync(logFile)) return '(no output)';
      return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    },
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until the instance answers /healthz; fails at once (with its output) if it exits. */
export async function waitUntilServing(instance: AppInstance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.exit())
      throw new Error(`${instance.name} exited (${JSON.stringify(instance.exit())}):\n${instance.tail()}`);
    const answered = await fetch(`${instance.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not serve within ${timeoutMs} ms:\n${instance.tail()}`);
}
