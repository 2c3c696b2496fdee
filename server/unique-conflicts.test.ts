/**
 * The safety net for races no service turned into its own answer: a unique violation from either
 * engine (a unique column or a primary key, as the driver really reports it) is a 409 CONFLICT with
 * a Vietnamese message from the one error handler, and a 409 form state from page actions; any
 * other database failure stays a 500 without internals.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runForm } from '../app/forms.server.ts';
import { isUniqueViolation, UNIQUE_CONFLICT_MESSAGE } from '../lib/errors.ts';
import { createUser } from '../tests/factories/accounts.ts';
import { createSubject } from '../tests/factories/catalog.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';
import { GENERIC_ERROR_MESSAGE, registerErrorHandler } from './http/error-handler.ts';

let t: TestContext;
let failures: Record<'uniqueColumn' | 'primaryKey' | 'foreignKey', () => Promise<unknown>>;

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db);
  const subject = await createSubject(t.db);
  const now = new Date().toISOString();
  await t.db.insertInto('tags').values({ slug: 'trung-lap', name: 'Trùng lặp', created_at: now }).execute();
  await t.db
    .insertInto('subject_likes')
    .values({ user_id: user.id, subject_id: subject.id, created_at: now })
    .execute();
  failures = {
    uniqueColumn: () =>
      t.db.insertInto('tags').values({ slug: 'trung-lap', name: 'Lần hai', created_at: now }).execute(),
    primaryKey: () =>
      t.db.insertInto('subject_likes').values({ user_id: user.id, subject_id: subject.id, created_at: now }).execute(),
    foreignKey: () =>
      t.db.insertInto('subject_likes').values({ user_id: user.id, subject_id: 987_654, created_at: now }).execute(),
  };
});

afterAll(async () => {
  await t?.close();
});

async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => {
      throw new Error('the write was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('a unique violation from the driver', () => {
  it('is recognised for a unique column and a primary key, not for another failure', async () => {
    expect(isUniqueViolation(await thrownBy(failures.uniqueColumn))).toBe(true);
    expect(isUniqueViolation(await thrownBy(failures.primaryKey))).toBe(true);
    expect(isUniqueViolation(await thrownBy(failures.foreignKey))).toBe(false);
  });

  it('leaves the error handler as 409 CONFLICT in Vietnamese; other failures stay a plain 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/:kind', async (request) => failures[(request.params as { kind: keyof typeof failures }).kind]());
    for (const kind of ['uniqueColumn', 'primaryKey'] as const) {
      const response = await app.inject({ method: 'POST', url: `/${kind}` });
      expect(response.statusCode, kind).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: UNIQUE_CONFLICT_MESSAGE } });
    }
    const other = await app.inject({ method: 'POST', url: '/foreignKey' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ error: { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE } });
    await app.close();
  });

  it('becomes a 409 form state in page actions', async () => {
    const answer = (await runForm({ name: 'Lần hai' }, failures.uniqueColumn)) as unknown as {
      data: { message: string; values: Record<string, string> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toMatchObject({ message: UNIQUE_CONFLICT_MESSAGE, values: { name: 'Lần hai' } });
    await expect(runForm({}, failures.foreignKey)).rejects.toThrow();
  });
});
