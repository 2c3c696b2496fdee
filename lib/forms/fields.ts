/**
 * Zod field builders for the studio's forms and their JSON APIs (one schema serves both): blank
 * inputs as absent, numbers and check boxes as forms send them, date-times read in Vietnam time.
 */
import { z } from 'zod';
import { parseDateInput } from '../format/date.ts';

/** A blank text input, as absent. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The schema, or absent when the input is missing or blank. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** An integer, from a number or a form's text, with one message for anything else. */
export const int = (message: string) => z.coerce.number({ error: message }).int(message);

/** A checkbox ("on"), a boolean, or "true"/"1". */
export const flag = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || value === '1',
  z.boolean(),
);

/** A date-time: ISO with a zone, or a form's `YYYY-MM-DDTHH:mm` read as Vietnam time. */
export const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => Number.isFinite(parseDateInput(value)), message)
    .transform((value) => new Date(parseDateInput(value)).toISOString());
