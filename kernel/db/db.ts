import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What a query runs on: the database or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;
