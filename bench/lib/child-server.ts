/**
 * The parent side: run each benchmark server in its own Node process, so autocannon (here) and the
 * server under test each have a core of the 2-core machine and never share an event loop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChildEnv } from '../../config/env.ts';
import type { ChildMessage, ParentMessage } from './child.ts';
import type { Target } from './measure.ts';

const SERVERS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../servers');
// A server that transcodes a clip first (the demo clip for bench/phone, ten minutes of video for
// bench/offline) takes a while on a busy machine.
const START_TIMEOUT_MS = 900_000;

export interface ChildServer {
  name: string;
  origin: string;
  pid: number;
  /** What autocannon loads: this server's URL for a path, and its process id. */
  target(path: string): Target;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** NODE_ENV of the server process: React picks its production or development build from it. */
  nodeEnv: 'production' | 'development';
  /** Write V8 CPU profiles of this server into {cpuProfDir}/{name}/ (node --cpu-prof). */
  cpuProfDir?: string | undefined;
}

function send(child: ChildProcess, message: ParentMessage): void {
  if (child.connected) child.send(message);
}

/** Starts bench/servers/{name}.ts with the given options and resolves once it listens. */
export async function startChildServer(name: string, options: unknown, start: StartOptions): Promise<ChildServer> {
  const execArgv = ['--import', 'tsx'];
  // One folder per server: Node writes one profile per thread (tsx's loader runs in its own).
  if (start.cpuProfDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.join(start.cpuProfDir, name)}`);
  const child = fork(path.join(SERVERS_DIR, `${name}.ts`), [], {
    execArgv,
    env: buildChildEnv({ NODE_ENV: start.nodeEnv }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name}: no answer within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.on('message', (message: ChildMessage) => {
      clearTimeout(timer);
      if (message.type === 'listening') resolve(message.port);
      else reject(new Error(`${name} failed to start:\n${message.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before listening`));
    });
    send(child, { type: 'start', options });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });

  const origin = `http://127.0.0.1:${port}`;
  const pid = child.pid ?? -1;
  return {
    name,
    origin,
    pid,
    target: (urlPath) => ({ url: origin + urlPath, pid }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      send(child, { type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
