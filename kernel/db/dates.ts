/** Timestamp columns (Date from PostgreSQL, string from SQLite) as ISO 8601 strings for answers. */
import { readDate } from '../../db/connect.ts';

export function iso(value: Date | string): string {
  return readDate(value).toISOString();
}

/** As `iso`, with null (and undefined) kept as null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : readDate(value).toISOString();
}
