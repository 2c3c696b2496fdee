/**
 * An isolated product for one test file: its own SQLite file (or its own PostgreSQL schema when the
 * pass runs on PostgreSQL), migrated, with the real services and the real Fastify app.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { loadEnv, readTestDatabaseUrl, readTestEngine, type Env } from '../../config/env.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemoData } from '../../db/seed/index.ts';
import { createServices, type Services } from '../../modules/services.ts';
import { createApp } from '../../server/app.ts';
import { registerDeliveryJobs } from '../../server/jobs.ts';
import { createPgSchema, dropPgSchema } from './pg-schema.ts';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  services: Services;
  env: Env;
  dataDir: string;
  /** Where public uploads live (DATA_DIR/uploads), served under /uploads/. */
  uploadsDir: string;
  /** The listening address (`http://127.0.0.1:{port}`) when created with `listen: true`. */
  baseUrl?: string;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Serve the pages too (needs `npm run build` first); API only otherwise. */
  pages?: boolean;
  /** Seed the demo data (db/seed) after migrating, as `npm start` does on an empty database. */
  seed?: boolean;
  /** Listen on 127.0.0.1 on a free port (browser journeys); inject-only otherwise. */
  listen?: boolean;
  env?: Record<string, string>;
  /** A PostgreSQL database of the test's own (an outage test's private cluster) instead of the pass's engine. */
  databaseUrl?: string;
  /** Receives what the database connection and the services log (an outage, the recovery). */
  logger?: TestLogger;
  /** With `pages`: how the app gets its build from the one on disk (a journey swaps in a newer one). */
  serveBuild?: (built: ServerBuild) => () => ServerBuild;
}

/** The logger methods the database connection and the services report to. */
export interface TestLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const BUILD_FILE = path.resolve('build/server/index.js');

export async function loadServerBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD_FILE)) {
    throw new Error('Page tests need the built app: run `npm run build` first (npm test does it).');
  }
  return (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
}

export function currentEngine(): 'sqlite' | 'postgres' {
  return readTestEngine();
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-test-'));
  const engine = options.databaseUrl ? 'postgres' : readTestEngine();
  const pgUrl = options.databaseUrl ?? readTestDatabaseUrl();
  if (engine === 'postgres' && !pgUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL.');
  const schema = engine === 'postgres' ? await createPgSchema(pgUrl!) : undefined;

  const env = loadEnv({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '100000',
    // Tests change data between requests; the page micro-cache has its own test.
    PAGE_CACHE_SECONDS: '0',
    // Broadcasts push at any hour in tests; their sending hours have a test of their own.
    BROADCAST_SENDING_HOURS: '0-24',
    ...options.env,
  });
  const database = connectDatabase({
    databaseUrl: engine === 'postgres' ? pgUrl : undefined,
    dataDir,
    ...(schema ? { pgSchema: schema } : {}),
    ...(options.logger ? { log: options.logger } : {}),
  });
  const discard = async () => {
    await database.close();
    if (schema && pgUrl) await dropPgSchema(pgUrl, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let setup;
  try {
    setup = await startTestApp(database, env, options);
  } catch (error) {
    await discard();
    throw error;
  }
  const { app, services, uploadsDir, baseUrl } = setup;

  return {
    app,
    database,
    db: database.db,
    services,
    env,
    dataDir,
    uploadsDir,
    ...(baseUrl ? { baseUrl } : {}),
    async close() {
      await services.jobs.stop();
      services.messaging.close();
      await app.close();
      await discard();
    },
  };
}

/**
 * Kysely's migrator introspects every schema of the database; when another test file drops its
 * schema at that moment PostgreSQL answers "schema … does not exist". That race is retried.
 */
async function migrateWithRetry(database: DatabaseHandle): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(database.db);
      return;
    } catch (error) {
      const concurrentDrop = /schema .* does not exist|relation .* does not exist/i.test(
        String((error as Error).message),
      );
      if (!concurrentDrop || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function startTestApp(database: DatabaseHandle, env: Env, options: TestContextOptions) {
  await migrateWithRetry(database);
  const uploadsDir = path.join(env.DATA_DIR, 'uploads');
  if (options.seed) await seedDemoData(database.db, { uploadsDir });
  const services = createServices({
    db: database.db,
    engine: database.engine,
    env,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const build = options.pages ? await loadServerBuild() : undefined;
  const app = await createApp({
    env,
    db: database.db,
    services,
    uploadsDir,
    ...(build
      ? { getBuild: options.serveBuild ? options.serveBuild(build) : () => build, clientDir: 'build/client' }
      : {}),
  });
  await app.ready();
  // Mail, SMS and Web Push are delivered by jobs (tests/helpers/outbox.ts waits for them); the
  // periodic jobs are not scheduled in tests.
  await registerDeliveryJobs(services);
  await services.jobs.start();
  let baseUrl: string | undefined;
  if (options.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address.');
    baseUrl = `http://127.0.0.1:${address.port}`;
  }

  return { app, services, uploadsDir, baseUrl };
}
