import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl, readTestEngine } from '../config/env.ts';
import { createPgSchema, dropPgSchema } from '../tests/helpers/pg-schema.ts';
import { connectDatabase, preparingOnce } from './connect.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-connect-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('preparingOnce', () => {
  it('prepares a SQL text once and answers every query with its own parameters, reads and writes', async () => {
    const database = new SQLite(path.join(dir, 'prepare.sqlite'));
    const wrapped = preparingOnce(database);
    expect(wrapped.prepare('select 1')).toBe(wrapped.prepare('select 1'));
    const db = new Kysely<{ notes: { id: Generated<number>; body: string } }>({
      dialect: new SqliteDialect({ database: wrapped }),
    });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    for (const body of ['Ôn tập', 'Đề thi thử', 'Lời giải']) await db.insertInto('notes').values({ body }).execute();
    const read = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
    expect((await read(2))?.body).toBe('Đề thi thử');
    expect((await read(3))?.body).toBe('Lời giải');
    const updated = await db.updateTable('notes').set({ body: 'Đáp án' }).where('id', '=', 1).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    expect((await read(1))?.body).toBe('Đáp án');
    await db.destroy();
    expect(database.open).toBe(false);
  });
});

describe.runIf(readTestEngine() === 'postgres')('the PostgreSQL pool', () => {
  it('takes back a connection left inside a failed transaction and rolls it back before anyone reuses it', async () => {
    const url = readTestDatabaseUrl()!;
    const schema = await createPgSchema(url, 'conn');
    const warnings: string[] = [];
    const log = { warn: (_details: object, message: string) => warnings.push(message), info: () => undefined };
    const database = connectDatabase({ databaseUrl: url, pgSchema: schema, dataDir: dir, log });
    try {
      // A text of several statements (pg-boss sends its locked work so) stops at the failing one,
      // before its COMMIT: PostgreSQL keeps that session in the aborted transaction.
      await expect(database.db.executeQuery(CompiledQuery.raw('BEGIN; SELECT 1 / 0; COMMIT;', []))).rejects.toThrow(
        /division by zero/,
      );
      // The pool holds that one connection: every statement after it gets it, and must work.
      for (let round = 0; round < 5; round += 1) {
        const { rows } = await sql<{ status: string }>`select 'ok' as status`.execute(database.db);
        expect(rows[0]?.status).toBe('ok');
      }
      // Logged when the server's answer had arrived by the time the connection came back (not
      // always: the error and the answer may come in two reads; it is rolled back either way).
      expect(warnings.filter((line) => /inside a transaction/.test(line)).length).toBeLessThanOrEqual(1);
    } finally {
      await database.close();
      await dropPgSchema(url, schema);
    }
  });
});
