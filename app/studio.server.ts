/** Studio loaders: an expected failure (no such order or user) is shown inside the studio frame. */
import { data } from 'react-router';
import type { z } from 'zod';
import { isAppError } from '../lib/errors';

export async function loadInStudio<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** A list page's filters from its URL (a bad value is a 400 in the studio frame) and its CSV link. */
export function readListQuery<T extends z.ZodType>(schema: T, request: Request, apiPath: string) {
  const url = new URL(request.url);
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success)
    throw data({ message: parsed.error.issues[0]?.message ?? 'Bộ lọc không hợp lệ.' }, { status: 400 });
  const csv = new URLSearchParams(url.searchParams);
  csv.delete('page');
  csv.set('format', 'csv');
  return { query: parsed.data as z.infer<T>, csv: `${apiPath}?${csv.toString()}` };
}
