import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';

// Migrations work on any schema: they run before the typed tables exist.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
import { migrationProvider } from './migrations/index.ts';

function createMigrator(db: AnyDb): Migrator {
  return new Migrator({ db, provider: migrationProvider });
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
  return unwrap(await createMigrator(db).migrateToLatest());
}

/** Reverts the most recent migration; returns its name. */
export async function rollbackOne(db: AnyDb): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateDown());
}

/** Reverts every migration. */
export async function rollbackAll(db: AnyDb): Promise<string[]> {
  const { NO_MIGRATIONS } = await import('kysely');
  return unwrap(await createMigrator(db).migrateTo(NO_MIGRATIONS));
}
