/**
 * What the command-line scripts share: the options read (a mistake prints the usage line), the
 * database opened and closed, and any error printed in Vietnamese with a non-zero exit code.
 */
import { loadEnv, type Env } from '../config/env.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';

/** A mistake in the command line: printed with the usage line. */
export class UsageError extends Error {}

export async function runCli<T>(
  usage: string,
  readOptions: (argv: string[]) => T,
  run: (options: T, context: { env: Env; database: DatabaseHandle }) => Promise<void>,
): Promise<void> {
  try {
    let options: T;
    try {
      options = readOptions(process.argv.slice(2));
    } catch (error) {
      const parse = String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
      throw new UsageError(`${parse ? 'Tùy chọn không hợp lệ: ' : ''}${(error as Error).message}\n${usage}`);
    }
    const env = loadEnv();
    const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      await run(options, { env, database });
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`Lỗi: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

/** A database without the script's tables (not migrated yet) is told as such; anything else is rethrown. */
export function explainMissingTables(error: unknown, tables: RegExp, message: string): never {
  const text = String((error as Error)?.message ?? error);
  if (tables.test(text) && /no such table|does not exist/.test(text)) throw new Error(message);
  throw error;
}
