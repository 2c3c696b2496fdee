/** Field types the environment's schema parts share (config/env.ts and its parts). */
import { z } from 'zod';

/** A yes/no setting: 1, true, yes, on (and their opposites); empty counts as not set. */
export const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));
