/** The `{ data }` wrapper every JSON answer of the API has. */
import { z } from 'zod';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
