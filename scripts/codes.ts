/**
 * npm run codes:generate -- --course <slug> | --pod <id> [--count 10] [--uses 1] [--days N]
 *   [--valid-from YYYY-MM-DD] [--valid-until YYYY-MM-DD] [--batch name] [--out file.csv]
 *
 * Writes a batch of activation codes (12 characters, no 0/O/1/I/L) and prints them as CSV:
 * code, course, package, uses, access days, valid window. Without --days a code gives the
 * package's cycle (--pod) or unlimited access (--course). Dates are Vietnam days: the window
 * opens at 00:00 of --valid-from (default: now) and closes at the end of --valid-until.
 * Exits non-zero with a message on any error.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { connectDatabase } from '../db/connect.ts';
import { parseDateInput } from '../lib/format/date.ts';
import { generateActivationBatch, type GeneratedBatch } from '../modules/activation/activation-batches.ts';
import { explainMissingTables, readCommandLine, runCli } from './cli.ts';

const USAGE =
  'Cách dùng: npm run codes:generate -- --course <slug> | --pod <id> [--count 10] [--uses 1] [--days 365] [--valid-from YYYY-MM-DD] [--valid-until YYYY-MM-DD] [--batch tên] [--out file.csv]';

class UsageError extends Error {}

function positiveInteger(name: string, value: string | undefined, fallback: number | null): number | null {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${name} phải là số nguyên dương (nhận được "${value}").`);
  return Number(value);
}

/** A Vietnam calendar day: its first millisecond, or its last with `endOfDay`. */
function vietnamDay(name: string, value: string, endOfDay: boolean): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw new UsageError(`--${name} phải có dạng YYYY-MM-DD (nhận được "${value}").`);
  const ms = parseDateInput(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}`);
  if (!Number.isFinite(ms)) throw new UsageError(`--${name}: ngày "${value}" không tồn tại.`);
  return new Date(ms);
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(batch: GeneratedBatch): string {
  const header = ['code', 'course', 'package', 'uses', 'access_days', 'valid_from', 'valid_until'];
  const lines = batch.codes.map((row) =>
    [
      row.code,
      batch.course.slug,
      batch.podId,
      row.max_uses ?? 1,
      row.access_days ?? null,
      row.starts_at,
      row.ends_at ?? null,
    ]
      .map((cell) => csvCell(cell as string | number | null))
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

function readOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      course: { type: 'string' },
      pod: { type: 'string' },
      count: { type: 'string' },
      uses: { type: 'string' },
      days: { type: 'string' },
      'valid-from': { type: 'string' },
      'valid-until': { type: 'string' },
      batch: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if ((values.course === undefined) === (values.pod === undefined))
    throw new UsageError('Cần đúng một trong hai: --course <slug> hoặc --pod <id>.');
  const podId = positiveInteger('pod', values.pod, null);
  const now = new Date();
  return {
    input: {
      target: podId !== null ? { podId } : { courseSlug: values.course! },
      count: positiveInteger('count', values.count, 10)!,
      uses: positiveInteger('uses', values.uses, 1)!,
      accessDays: positiveInteger('days', values.days, null),
      startsAt: values['valid-from'] ? vietnamDay('valid-from', values['valid-from'], false) : now,
      endsAt: values['valid-until'] ? vietnamDay('valid-until', values['valid-until'], true) : null,
      batch: values.batch ?? `cli-${now.toISOString().slice(0, 16).replace(/[-:T]/g, '')}`,
    },
    out: values.out,
  };
}

async function main(): Promise<void> {
  const options = readCommandLine(readOptions, USAGE);
  const env = loadEnv();
  const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const batch = await generateActivationBatch(database.db, options.input);
    const csv = toCsv(batch);
    const summary = `Đã tạo ${batch.codes.length} mã kích hoạt (lô ${options.input.batch}) cho khóa học "${batch.course.title}" (${batch.course.slug}${batch.podId ? `, gói ${batch.podId}` : ''}).`;
    if (options.out) {
      fs.writeFileSync(options.out, csv);
      console.log(`${summary} Đã ghi vào ${options.out}.`);
    } else {
      process.stdout.write(csv);
      console.error(summary);
    }
  } catch (error) {
    explainMissingTables(
      error,
      /activation_codes|course_pods|courses/,
      'Cơ sở dữ liệu chưa có bảng mã kích hoạt: chạy npm run db:migrate trước.',
    );
  } finally {
    await database.close();
  }
}

await runCli(main);
