/** Input schemas the learning-extras endpoints share. */
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

/** A row id in a query string or body, with the Vietnamese message of the field. */
export function rowId(message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);
}
