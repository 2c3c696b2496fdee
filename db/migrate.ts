import { Migrator, NO_MIGRATIONS, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { isPostgres } from './migrations/columns.ts';

// Migrations work on any schema: they run before the typed tables exist.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
import { migrationProvider } from './migrations/index.ts';

async function createMigrator(db: AnyDb): Promise<Migrator> {
  // On PostgreSQL the bookkeeping tables live in the connection's current schema, so several
  // schemas (one per test file, or per tenant) never see each other's migrations.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((item) => item.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).map((item) => `${item.direction === 'Up' ? '↑' : '↓'} ${item.migrationName}`);
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: AnyDb): Promise<string[]> {
  return unwrap(await (await createMigrator(db)).migrateToLatest());
}

/** Reverts the most recent migration; returns its name. */
export async function rollbackOne(db: AnyDb): Promise<string[]> {
  return unwrap(await (await createMigrator(db)).migrateDown());
}

/** Reverts every migration. */
export async function rollbackAll(db: AnyDb): Promise<string[]> {
  return unwrap(await (await createMigrator(db)).migrateTo(NO_MIGRATIONS));
}
