import { z } from 'zod';
import { cleanPlainText } from '../../lib/text/plain-text.ts';

/** A learner's free text: cleaned (lib/text/plain-text.ts), then required and bounded. */
export function plainText(max: number, requiredMessage: string, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .max(max, tooLongMessage)
    .transform(cleanPlainText)
    .pipe(z.string().min(1, requiredMessage));
}

/** Optional free text: blank becomes null. */
export function optionalPlainText(max: number, tooLongMessage: string) {
  return z
    .string()
    .max(max, tooLongMessage)
    .transform(cleanPlainText)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}
