import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { preparingOnce } from './connect.ts';

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
