/** What the command-line scripts share: one `Lỗi: …` line and exit code 1 on any error. */

/** Runs a script's main; an error is printed as one Vietnamese line and the exit code is 1. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
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

/** The options `read` finds in the command line; a mistake is told with the usage line after it. */
export function readCommandLine<T>(read: (argv: string[]) => T, usage: string): T {
  try {
    return read(process.argv.slice(2));
  } catch (error) {
    const parse = String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
    throw new Error(`${parse ? 'Tùy chọn không hợp lệ: ' : ''}${(error as Error).message}\n${usage}`);
  }
}
