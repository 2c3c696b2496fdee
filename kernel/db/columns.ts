/**
 * Column types shared by the tables of every module (`modules/<name>/<name>.table.ts`, composed into
 * `Database` by db/schema.ts). Timestamps are written as ISO 8601 strings and read back as a Date
 * (PostgreSQL) or a string (SQLite); services map them with `readDate`. Flags are 0/1 integers on
 * both engines so the same queries run everywhere.
 */
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date | string, string, string>;
/** A timestamp that may be null and may be left out of an insert. */
export type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;
export type Flag = ColumnType<number, number | undefined, number>;
/** A number with a database default: optional on insert. */
export type Counter = ColumnType<number, number | undefined, number>;
