/** A PostgreSQL schema of one's own (a test file, a benchmark server), created empty and dropped with everything in it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `{prefix}_{random}` and returns its name. */
export async function createPgSchema(url: string, prefix = 't'): Promise<string> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  return schema;
}

/** Drops the schema and the job queue's own schema beside it (pg-boss, modules/jobs), if one was started. */
export async function dropPgSchema(url: string, schema: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query(`drop schema if exists ${schema}_pgboss cascade`);
  });
}
