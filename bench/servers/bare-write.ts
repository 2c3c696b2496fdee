/**
 * The write baseline of bench/exams: bare Fastify (no plugins, no schema, no logger, no sign-in) on
 * the same database engine and driver as the product (SQLite in a temporary folder, or a PostgreSQL
 * schema of its own), answering the exam API's paths with exactly one write per request: start
 * inserts an attempt, a save upserts the answer (a lower seq is ignored, as the product does),
 * submit updates the attempt.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { connectDatabase, nowIso } from '../../db/connect.ts';
import { createPgSchema, dropPgSchema } from '../../tests/helpers/pg-schema.ts';
import { serveInChild } from '../lib/child.ts';
import { BARE_ATTEMPTS_PATH, EXAM_PATHS } from '../lib/exam-night.ts';

export interface BareWriteOptions {
  /** A PostgreSQL server (a schema of its own is created); SQLite when absent. */
  databaseUrl?: string;
}

interface SaveBody {
  attempt_id: number;
  question_id: number;
  answer: unknown;
  seq: number;
}

serveInChild<BareWriteOptions>(async ({ databaseUrl }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-bench-write-'));
  const schema = databaseUrl ? await createPgSchema(databaseUrl, 'bench') : undefined;
  const database = connectDatabase({ dataDir, databaseUrl, ...(schema ? { pgSchema: schema } : {}) });
  const db = database.db;
  const id = database.engine === 'postgres' ? sql`id serial primary key` : sql`id integer primary key autoincrement`;
  await sql`create table bench_attempts (${id}, started_at text not null, submitted_at text)`.execute(db);
  await sql`create table bench_answers (attempt_id integer not null, question_id integer not null,
    answer text not null, seq integer not null, saved_at text not null, primary key (attempt_id, question_id))`.execute(
    db,
  );

  const app = Fastify();
  app.post(EXAM_PATHS.start, async () => {
    const { rows } = await sql<{
      id: number;
    }>`insert into bench_attempts (started_at) values (${nowIso()}) returning id`.execute(db);
    return { data: { attempt_id: rows[0]!.id } };
  });
  app.patch(EXAM_PATHS.save, async (request) => {
    const body = request.body as SaveBody;
    await sql`insert into bench_answers (attempt_id, question_id, answer, seq, saved_at)
      values (${body.attempt_id}, ${body.question_id}, ${JSON.stringify(body.answer)}, ${body.seq}, ${nowIso()})
      on conflict (attempt_id, question_id) do update set answer = excluded.answer, seq = excluded.seq,
      saved_at = excluded.saved_at where bench_answers.seq < excluded.seq`.execute(db);
    return { data: { question_id: body.question_id, seq: body.seq, applied: true } };
  });
  app.post(EXAM_PATHS.submit, async (request) => {
    const { attempt_id } = request.body as { attempt_id: number };
    await sql`update bench_attempts set submitted_at = ${nowIso()} where id = ${attempt_id}`.execute(db);
    return { data: { attempt_id } };
  });
  app.get(BARE_ATTEMPTS_PATH, async () => {
    const { rows } = await sql<{ id: number }>`select id from bench_attempts order by id`.execute(db);
    return rows.map((row) => row.id);
  });

  return {
    app,
    cleanup: async () => {
      await database.close();
      if (databaseUrl && schema) await dropPgSchema(databaseUrl, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
