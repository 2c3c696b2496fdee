import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';
import { migrateToLatest, rollbackAll } from './migrate.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  await t.close();
});

async function listTables(): Promise<string[]> {
  const tables = await t.db.introspection.getTables();
  // On PostgreSQL the introspection sees every schema: keep this test file's own (other files run in parallel).
  const own =
    t.database.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema
      : undefined;
  return tables
    .filter((table) => own === undefined || table.schema === own)
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

it('migrates up, all the way down, and up again on this engine', async () => {
  expect(await listTables()).toEqual(
    expect.arrayContaining(['banners', 'navigation_items', 'pages', 'route_rules', 'site_settings']),
  );
  const reverted = await rollbackAll(t.db);
  expect(reverted.length).toBeGreaterThan(0);
  expect(await listTables()).toEqual([]);
  const applied = await migrateToLatest(t.db);
  expect(applied).toEqual(reverted.map((name) => name.replace('↓', '↑')).reverse());
  expect(await migrateToLatest(t.db)).toEqual([]);
});

it('enforces the banner placement range and the display rule values in the database', async () => {
  const now = new Date().toISOString();
  const base = {
    title: 'x',
    type: 'banner',
    media_type: 'static',
    display_rule: 'all',
    placement: 1,
    created_at: now,
    updated_at: now,
  } as const;
  await expect(
    t.db
      .insertInto('banners')
      .values({ ...base, placement: 27 })
      .execute(),
  ).rejects.toThrow();
  await expect(
    t.db
      .insertInto('banners')
      .values({ ...base, display_rule: 'everyone' as never })
      .execute(),
  ).rejects.toThrow();
  await t.db.insertInto('banners').values(base).execute();
  const count = await sql<{ n: number }>`select count(*) as n from banners`.execute(t.db);
  expect(Number(count.rows[0]!.n)).toBe(1);
});
