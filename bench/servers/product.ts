/**
 * The product under test: the real createApp with the real services, on a temporary SQLite data
 * folder (or, with `databaseUrl`, a PostgreSQL schema of its own, dropped afterwards) seeded with the
 * demo data, no logging, a rate limit too high to trigger. With `pages`, the built React Router app
 * (build/server/index.js) is served too, as `npm start` does; with `commerce`, the shoppers and the
 * course of bench/checkout are added (lib/commerce-data.ts); with `examNight`, the candidates and the
 * contest of bench/exams (lib/exam-night-data.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { loadEnv } from '../../config/env.ts';
import { connectDatabase } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemoData } from '../../db/seed/index.ts';
import { createServices } from '../../modules/services.ts';
import { createApp } from '../../server/app.ts';
import { serveInChild } from '../lib/child.ts';
import { addCommerceData, commerceEnv, type CommerceOptions } from '../lib/commerce-data.ts';
import { addDemoVideo, type DemoVideoOptions } from '../lib/demo-video-data.ts';
import { addExamNightData } from '../lib/exam-night-data.ts';
import type { ExamNightOptions } from '../lib/exam-night.ts';
import { addSignInLearners, type SignInOptions } from '../lib/sign-in-data.ts';
import { createPgSchema, dropPgSchema } from '../../tests/helpers/pg-schema.ts';
import webpush from 'web-push';

export interface ProductOptions {
  pages: boolean;
  /** bench/checkout: learners and a course to buy, VNPay switched on (bench/lib/commerce-data.ts). */
  commerce?: CommerceOptions;
  /** PAGE_CACHE_SECONDS (the default when absent); 0 renders every page request. */
  pageCacheSeconds?: number;
  /** bench/exams: candidates signed in and an open contest (bench/lib/exam-night-data.ts). */
  examNight?: ExamNightOptions;
  /** A PostgreSQL server to run on (in a schema of its own) instead of SQLite. */
  databaseUrl?: string;
  /** bench/auth: learners who sign in from their own devices and addresses (bench/lib/sign-in-data.ts). */
  signIns?: SignInOptions;
  /** bench/phone: the demo clip transcoded and the demo learner enrolled (bench/lib/demo-video-data.ts). */
  demoVideo?: DemoVideoOptions;
}

function vapidEnv(): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

serveInChild<ProductOptions>(async (options) => {
  const { pages, commerce, pageCacheSeconds, examNight, databaseUrl, demoVideo, signIns } = options;
  const build = pages
    ? ((await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild)
    : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-bench-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const env = loadEnv({
    APP_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Production requires a VAPID key pair (web push); a fresh one per run.
    ...vapidEnv(),
    RATE_LIMIT_PER_MINUTE: '1000000000',
    AUTH_RATE_LIMIT_SCALE: '100000',
    ...(pageCacheSeconds === undefined ? {} : { PAGE_CACHE_SECONDS: String(pageCacheSeconds) }),
    ...(commerce ? commerceEnv(commerce) : {}),
    // Each candidate comes from an address of their own (X-Forwarded-For), as on an exam night.
    ...(commerce || examNight || signIns ? { TRUST_PROXY: 'true' } : {}),
  });
  const schema = databaseUrl ? await createPgSchema(databaseUrl, 'bench') : undefined;
  const database = connectDatabase({ dataDir, databaseUrl, ...(schema ? { pgSchema: schema } : {}) });
  const cleanup = async () => {
    await database.close();
    if (databaseUrl && schema) await dropPgSchema(databaseUrl, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database.db);
    await seedDemoData(database.db, { uploadsDir });
    const services = createServices({ db: database.db, engine: database.engine, env });
    const app = await createApp({
      env,
      db: database.db,
      services,
      uploadsDir,
      ...(build ? { getBuild: () => build, clientDir: 'build/client' } : {}),
    });
    if (commerce) await addCommerceData(app, database.db, commerce);
    if (examNight) await addExamNightData(app, database.db, services, examNight);
    if (demoVideo) await addDemoVideo(database.db, services, env, demoVideo);
    if (signIns) await addSignInLearners(database.db, signIns);
    return { app, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
});
