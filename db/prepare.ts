/**
 * Start-up's database work — pending migrations, then the demo data into an empty database — under
 * one lock, so instances starting together on one empty PostgreSQL database take turns: the first
 * migrates and seeds, the next find it done. On PostgreSQL a session-level advisory lock keyed on
 * the schema (released by PostgreSQL should the instance die); SQLite is one process and needs none.
 */
import { sql, type Kysely } from 'kysely';
import { LOCK_SPACE, type DatabaseHandle } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/index.ts';

export interface PrepareOptions {
  /** Seed the demo data when the database is empty (never in production). */
  seedDemo: boolean;
  uploadsDir: string;
}

export interface Prepared {
  /** Migrations this instance applied (none when another instance had). */
  applied: string[];
  /** Whether this instance seeded the demo data. */
  seeded: boolean;
}

export async function prepareDatabase(database: DatabaseHandle, options: PrepareOptions): Promise<Prepared> {
  const work = async (db: Kysely<Database>): Promise<Prepared> => {
    const applied = await migrateToLatest(db);
    if (!options.seedDemo || !(await isDatabaseEmpty(db))) return { applied, seeded: false };
    await seedDemoData(db, { uploadsDir: options.uploadsDir });
    return { applied, seeded: true };
  };
  if (database.engine !== 'postgres') return work(database.db);
  return database.db.connection().execute(async (connection) => {
    const lock = sql`${LOCK_SPACE.startup}::int4, hashtext(current_schema())`;
    await sql`select pg_advisory_lock(${lock})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}
