import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type RawBuilder,
  type SqliteDatabase,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { isUniqueViolation, unavailableFromConnectionFailure } from '../lib/errors.ts';
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
  /** Where an outage and the recovery are reported (the server's logger); silent without. */
  log?: DatabaseLogger;
}

/** The part of a pino logger the connection reports to. */
export interface DatabaseLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * How long a request waits for a connection (a new one, or a free one from the pool) before it is
 * answered 503: a database that does not answer never holds requests for long.
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

// PostgreSQL returns COUNT(*) and BIGINT as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.pgSchema, options.log);
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

/** SQL texts run on every request, prepared once per PostgreSQL connection under a name of their own. */
const namedStatements = new Map<string, string>();

/** Marks a statement's text to be prepared once per connection on PostgreSQL (SQLite prepares every text once). */
export function prepareByName(text: string): void {
  if (!namedStatements.has(text)) namedStatements.set(text, `kt_stmt_${namedStatements.size + 1}`);
}

/**
 * pg's client, sending a marked text as a named statement: the server parses and plans it once per
 * connection and each run then carries only its values, not the text (Kysely's driver sends every
 * query unnamed, so the server parsed and planned it again each time).
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? namedStatements.get(text) : undefined;
    const call = super.query as (...callArgs: unknown[]) => never;
    return name ? call.call(this, { name, text, values }) : call.apply(this, args);
  }
}

function connectPostgres(url: string, schema?: string, log?: DatabaseLogger): DatabaseHandle {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const parsed = new URL(url);
  const location = `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${schema ? ` (schema ${schema})` : ''}`;
  const outage = createOutageState(location, log);
  // A restart or failover ends idle connections with an 'error' event (57P01); without a listener
  // Node ends the process. The pool drops such a connection and opens new ones when asked.
  pool.on('error', (error) => outage.failed(error));
  // A connection that is checked out between two queries (inside a transaction) reports there.
  pool.on('connect', (client) => client.on('error', (error) => outage.failed(error)));
  pool.on('release', (_error, client) => endLeftTransaction(client, log));
  const db = new Kysely<Database>({ dialect: new OutageAwarePostgresDialect({ pool }, outage) });
  return { db, engine: 'postgres', location, close: () => db.destroy() };
}

/**
 * A connection must go back to the pool outside any transaction. One that comes back inside one (a
 * multi-statement text such as "BEGIN; …; COMMIT" that failed half-way stops before its COMMIT, and
 * PostgreSQL keeps the session in the aborted transaction) would fail every statement of whoever
 * takes it next with 25P02 "current transaction is aborted". pg's client runs its queries in order,
 * so a ROLLBACK queued now runs before the next borrower's first statement.
 */
function endLeftTransaction(client: pg.PoolClient, log?: DatabaseLogger): void {
  const state = client as pg.PoolClient & { _txStatus?: string | null; readyForQuery?: boolean };
  // The status of the last ReadyForQuery: I idle, T in a transaction, E in a failed transaction.
  const status = state._txStatus;
  if (status === 'T' || status === 'E') {
    log?.warn({ status }, 'a connection came back to the pool inside a transaction: rolled back');
    client.query('ROLLBACK').catch(() => undefined);
    return;
  }
  // A failed query hands its connection back as soon as the error arrives, before the server's
  // ReadyForQuery says whether a transaction was left open (under load they come in two reads):
  // roll back to be sure. Outside a transaction ROLLBACK changes nothing (the server only warns).
  if (state.readyForQuery === false) client.query('ROLLBACK').catch(() => undefined);
}

interface OutageState {
  failed(error: unknown): void;
  recovered(): void;
}

/** Logs once when the database goes away and once when it answers again. */
function createOutageState(location: string, log?: DatabaseLogger): OutageState {
  let down = false;
  return {
    failed(error) {
      if (!unavailableFromConnectionFailure(error)) {
        log?.warn({ err: error, location }, 'database connection error');
        return;
      }
      if (down) return;
      down = true;
      log?.warn({ err: error, location }, 'database unreachable: requests are answered 503 until it is back');
    },
    recovered() {
      if (!down) return;
      down = false;
      log?.info({ location }, 'database reachable again');
    },
  };
}

/**
 * PostgreSQL's dialect with a driver that turns connection failures (refused, reset, terminated by
 * a restart, pool timeout) into AppError SERVICE_UNAVAILABLE: every caller — API, pages, jobs —
 * sees the same 503 with its Vietnamese message instead of a driver error.
 */
class OutageAwarePostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly outage: OutageState,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new OutageAwareDriver(super.createDriver(), this.outage);
  }
}

class OutageAwareDriver implements Driver {
  readonly #originals = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly outage: OutageState,
  ) {}

  async #guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const unavailable = unavailableFromConnectionFailure(error);
      if (!unavailable) throw error;
      this.outage.failed(error);
      throw unavailable;
    }
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#guard(() => this.inner.acquireConnection());
    this.outage.recovered();
    const guarded: DatabaseConnection = {
      executeQuery: (query) => this.#guard(() => connection.executeQuery(query)),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.#originals.set(guarded, connection);
    return guarded;
  }

  // The inner driver runs these through the connection it is given: the guarded one.
  beginTransaction(...args: Parameters<Driver['beginTransaction']>) {
    return this.inner.beginTransaction(...args);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.inner.releaseSavepoint!(...args);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.#originals.get(connection) ?? connection);
  }

  destroy() {
    return this.inner.destroy();
  }
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
export const LOCK_SPACE = { postTags: -1, comboChildren: -2, startup: -3 } as const;

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

/**
 * A raw statement built and compiled once per database, run with named values: `build` receives
 * `param(name)` for each value, and every run sends the values in the compiled order (a query run
 * on every request then costs no query building; on PostgreSQL it is a named, prepared statement).
 */
export function compiledOnce<Row, Name extends string>(
  db: Kysely<Database>,
  build: (param: (name: Name) => RawBuilder<unknown>) => RawBuilder<Row>,
): (values: Record<Name, unknown>) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  let names: Name[] = [];
  return async (values) => {
    if (!compiled) {
      compiled = build((name) => sql`${name}`).compile(db);
      names = compiled.parameters as Name[];
      prepareByName(compiled.sql);
    }
    const parameters = names.map((name) => values[name]);
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
