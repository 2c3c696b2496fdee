import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { isUniqueViolation } from '../lib/errors.ts';
import { foldVietnamese } from '../lib/text/fold.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database (no password). */
  location: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** Folder for the SQLite file (created when missing). */
  dataDir: string;
  /** File name inside dataDir (tests use one per worker). */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.pgSchema);
  return connectSqlite(path.join(options.dataDir, options.sqliteFile ?? 'khai-tri.sqlite'));
}

function connectSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // The same name as PostgreSQL's folding function (db/migrations/search-index.ts): lowercase, no marks, đ → d.
  database.function('kt_unaccent', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldVietnamese(text) : null,
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparingOnce(database) }) });
  return {
    db,
    engine: 'sqlite',
    location: file,
    close: () => db.destroy(),
  };
}

/** Statements kept at most (a query whose text varies, such as an IN list, adds one per length). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The database as Kysely's SQLite driver uses it, with each statement prepared once per SQL text:
 * the driver prepares every query again, which cost ~10 % of a busy server's CPU (bench -- exams).
 * Kysely runs one query at a time on the connection, so a statement is never used twice at once.
 */
export function preparingOnce(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function connectPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    engine: 'postgres',
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}

/** A cheap round trip, for the readiness endpoint. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The current time as the ISO string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Maps a timestamp column (Date from PostgreSQL, string from SQLite) to a Date. */
export function readDate(value: Date | string): Date;
export function readDate(value: Date | string | null): Date | null;
export function readDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

/**
 * Serialises transactions that check-then-write the same thing (two clicks on "Vào học"): on
 * PostgreSQL a transaction-scoped advisory lock on the two keys; on SQLite nothing is needed, as
 * its transactions already run one at a time on the single connection.
 */
/**
 * Lock spaces (the first key of lockWithinTransaction) for writers that replace a set of rows: negative,
 * so they never meet the learner ids used as first key by enrolments.
 */
export const LOCK_SPACE = { postTags: -1, comboChildren: -2 } as const;

export async function lockWithinTransaction(trx: Transaction<Database>, key1: number, key2: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${key1}::int4, ${key2}::int4)`.execute(trx);
}

/** A write refused by a unique constraint, from either engine (recognised once, in lib/errors.ts). */
export { isUniqueViolation };

/**
 * Runs a check-then-write again when a concurrent request wrote the same unique value between the
 * check and the write: the check then sees that row and answers as if the requests had come one
 * after the other (its own refusal, such as "Đường dẫn này đã được dùng", or the next free slug).
 * The work writes nothing before the write that can collide, or writes in one transaction. After
 * the last attempt (ten: enough for a burst of the same save) the violation goes on to the error
 * handler (a generic 409).
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
