/**
 * The child side of a benchmark server: wait for the parent's `start` message (with its options),
 * build the server, listen on 127.0.0.1:0, report the port; on `stop`, or when the parent goes away,
 * close, clean up and exit.
 */
import type { FastifyInstance } from 'fastify';

export type ParentMessage = { type: 'start'; options: unknown } | { type: 'stop' };
export type ChildMessage = { type: 'listening'; port: number } | { type: 'failed'; message: string };

export interface Served {
  app: FastifyInstance;
  /** Extra cleanup after the app is closed (database, temporary folder). */
  cleanup?: () => Promise<void> | void;
}

export function serveInChild<Options>(start: (options: Options) => Promise<Served>): void {
  if (!process.send) throw new Error('This file is a benchmark server: bench/run.ts starts it.');
  const reply = (message: ChildMessage) => process.send?.(message);
  let served: Served | undefined;

  const stop = async (code: number) => {
    await served?.app.close();
    await served?.cleanup?.();
    // A normal exit, so that `--cpu-prof` writes its profile.
    process.exit(code);
  };

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') {
      void stop(0);
      return;
    }
    start(message.options as Options)
      .then(async (result) => {
        served = result;
        await result.app.listen({ host: '127.0.0.1', port: 0 });
        const address = result.app.server.address();
        if (address === null || typeof address === 'string') throw new Error('no TCP address');
        reply({ type: 'listening', port: address.port });
      })
      .catch((error: unknown) => reply({ type: 'failed', message: String((error as Error)?.stack ?? error) }));
  });
  // Ctrl-C reaches the whole process group: let the parent decide; when it is gone, clean up and leave.
  process.on('SIGINT', () => {});
  process.on('disconnect', () => void stop(1));
}
