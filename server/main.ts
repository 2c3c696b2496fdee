/** The process entry: read config, open the database, migrate, seed demo data, serve. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { ServerBuild } from 'react-router';
import { EnvError, loadEnv } from '../config/env.ts';
import { connectDatabase } from '../db/connect.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { isServiceUnavailable } from '../lib/errors.ts';
import { createServices } from '../modules/services.ts';
import { seedDemoVideo } from '../modules/video/demo-video.ts';
import { pino } from 'pino';
import { createApp } from './app.ts';
import { registerDeliveryJobs, schedulePeriodicJobs, workQueuedJobs } from './jobs.ts';
import { redactPaths } from './http/logging.ts';
import { resolveSessionSecret, resolveVapidKeys } from './secrets.ts';

async function main(): Promise<void> {
  const development = process.argv.includes('--dev');
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (development && env.APP_ENV === 'demo') env = { ...env, APP_ENV: 'development' as const };

  // One logger for the HTTP app, the services (provider failures) and the database connection
  // (an outage and the recovery), with secrets redacted.
  const logger = pino({ level: env.LOG_LEVEL, redact: { paths: redactPaths, censor: '[ẩn]' } });
  // Background work that meets a database outage without its own catch must not end the process;
  // any other unhandled rejection still does.
  process.on('unhandledRejection', (reason) => {
    if (isServiceUnavailable(reason))
      return logger.warn({ err: reason }, 'background work refused: database unreachable');
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log: logger });
  const uploadsDir = path.join(env.DATA_DIR, 'uploads');
  // Instances starting together take turns: the first migrates and seeds an empty database.
  const { applied, seeded } = await prepareDatabase(database, { seedDemo: env.APP_ENV !== 'production', uploadsDir });
  const services = createServices({
    logger,
    db: database.db,
    engine: database.engine,
    env,
    sessionSecret: resolveSessionSecret(env),
    vapidKeys: resolveVapidKeys(env),
  });

  let getBuild: () => Promise<ServerBuild> | ServerBuild;
  let viteMiddleware: ((req: unknown, res: unknown, next: () => void) => void) | undefined;
  if (development) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    viteMiddleware = vite.middlewares as never;
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const buildFile = path.resolve('build/server/index.js');
    if (!fs.existsSync(buildFile)) {
      console.error('Chưa có bản dựng giao diện (build/server/index.js). Hãy chạy: npm run build');
      process.exit(1);
    }
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    getBuild = () => build;
  }

  const app = await createApp({
    loggerInstance: logger,
    env,
    db: database.db,
    services,
    getBuild,
    clientDir: 'build/client',
    uploadsDir,
    ...(viteMiddleware ? { viteMiddleware } : {}),
  });

  // Periodic work (order expiry, payment reconciliation, renewals, scheduled publishing, upload
  // sweeping, the exam runner) runs as scheduled jobs: once per period across every instance.
  await schedulePeriodicJobs(services, app.log);
  // Queued work (broadcasts, in batches): a broadcast left half sent continues from its durable job.
  await workQueuedJobs(services);
  await registerDeliveryJobs(services);
  // Video transcodes are jobs too; instances with VIDEO_WORKER (and ffmpeg) work them.
  await services.video.registerJobs({ work: env.VIDEO_WORKER });
  await services.jobs.start();
  // A broadcast left sending with no job (sent before broadcasts were jobs) continues.
  await services.broadcasts.requeueStranded();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // A running transcode gives its video back to the queue (another instance takes it).
    services.video.stopTranscoding();
    await services.jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    {
      engine: database.engine,
      location: database.location,
      migrations: applied,
      seeded,
      mode: env.APP_ENV,
    },
    `${env.SITE_NAME} is serving at ${env.PUBLIC_URL}`,
  );

  // Video lessons, once serving: in demo and development the demo clip for the free courses' video
  // lessons that have none (the first start, or the first one with ffmpeg), queued for transcoding.
  if (env.APP_ENV === 'demo' || env.APP_ENV === 'development') {
    try {
      const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH };
      const demo = await seedDemoVideo(database.db, services.video, tools);
      // Without ffmpeg (demo.skipped) registerJobs has said so, once.
      if (demo.queued > 0) app.log.info({ lessons: demo.queued }, 'demo video queued for transcoding');
    } catch (error) {
      app.log.error({ err: error }, 'demo video not generated');
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
