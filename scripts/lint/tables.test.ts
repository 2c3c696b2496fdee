import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useFixtureTrees } from './fixture-tree.ts';
import { tableOwners } from './table-owners.ts';
import {
  checkTableOwnership,
  compareOwnership,
  databaseTables,
  ownerMapProblems,
  ownershipBaselineOf,
  tableName,
} from './tables.ts';

const tree = useFixtureTrees('tables');

const schema = {
  'modules/shop/shop.table.ts':
    'export interface ShopTables {\n  orders: { id: number };\n  order_items: { id: number };\n}',
  'db/schema.ts': [
    "import type { ShopTables } from '../modules/shop/shop.table.ts';",
    'export interface Database extends ShopTables {\n  courses: { id: number };\n  lessons: { id: number };\n}',
    '// Merged in by a later issue.',
    'export interface Database {\n  reviews: { id: number };\n}',
  ].join('\n'),
};
const owners = { courses: 'catalog', lessons: 'catalog', reviews: 'reviews', orders: 'shop', order_items: 'shop' };

const clean = {
  ...schema,
  'modules/catalog/catalog.repository.ts': [
    'export const list = (db: any) =>',
    "  db.selectFrom('courses as c').innerJoin('lessons as l', 'l.course_id', 'c.id').selectAll().execute();",
    "export const add = (db: any) => db.insertInto('courses').values({}).execute();",
  ].join('\n'),
  'modules/reviews/reviews.repository.ts':
    "export const add = (db: any) => db.insertInto('reviews').values({}).execute();",
  'modules/shop/shop.repository.ts': [
    'export const paid = (db: any) =>',
    "  db.updateTable('orders').set({}).where(({ exists, selectFrom }: any) => exists(selectFrom('order_items'))).execute();",
    "export const recent = (db: any) => db.with('recent', (q: any) => q.selectFrom('orders')).selectFrom('recent').execute();",
  ].join('\n'),
  // Tests may arrange any table.
  'modules/shop/shop.test.ts': "export const arrange = (db: any) => db.insertInto('courses').values({}).execute();",
};

describe('table ownership', () => {
  it('reads the tables of Database: members, merged declarations and extended interfaces of other files', () => {
    expect(databaseTables(tree(schema))).toEqual(['courses', 'lessons', 'order_items', 'orders', 'reviews']);
  });

  it('passes a tree where every module writes and reads only its own tables', () => {
    const root = tree(clean);
    const report = checkTableOwnership(root, owners, databaseTables(root));
    expect(report).toEqual({ writes: [], reads: [], dynamic: [], unknown: [], accesses: 8 });
  });

  it('reports a write and a read of another module’s table, joins and subqueries included', () => {
    const root = tree({
      ...clean,
      'modules/reviews/reviews.repository.ts': [
        "export const add = (db: any) => db.insertInto('reviews').values({}).execute();",
        'export const total = (db: any) =>',
        "  db.updateTable('courses').set({}).where('id', 'in', (eb: any) => eb.selectFrom('reviews').select('id'));",
        "export const mine = (db: any) => db.selectFrom('reviews as r').innerJoin('orders as o', 'o.id', 'r.id');",
      ].join('\n'),
    });
    const report = checkTableOwnership(root, owners, databaseTables(root));
    expect(report.writes).toEqual([
      {
        file: 'modules/reviews/reviews.repository.ts',
        module: 'reviews',
        table: 'courses',
        owner: 'catalog',
        kind: 'update',
        lines: [3],
      },
    ]);
    expect(report.reads.map((r) => [r.file, r.table, r.owner, r.kind, r.lines])).toEqual([
      ['modules/reviews/reviews.repository.ts', 'orders', 'shop', 'read', [4]],
    ]);
  });

  it('counts a table named in a variable without failing, and reports a name that is no table', () => {
    const root = tree({
      ...clean,
      'modules/catalog/slugs.ts': [
        "export const taken = (db: any, table: 'courses' | 'lessons') =>",
        "  db.selectFrom(table).select('id').execute();",
        "export const typo = (db: any) => db.deleteFrom('lesson').execute();",
      ].join('\n'),
    });
    const report = checkTableOwnership(root, owners, databaseTables(root));
    expect(report.dynamic).toEqual([
      { file: 'modules/catalog/slugs.ts', line: 2, method: 'selectFrom', argument: 'table' },
    ]);
    expect(report.unknown.map((u) => [u.file, u.line, u.table])).toEqual([['modules/catalog/slugs.ts', 3, 'lesson']]);
    expect(report.writes).toEqual([]);
  });

  it('tolerates exactly the baseline: a new foreign write fails, a listed one that is gone fails', () => {
    const dirty = {
      ...clean,
      'modules/shop/shop.repository.ts': [
        "export const enrol = (db: any) => db.insertInto('courses').values({}).execute();",
        "export const lessons = (db: any) => db.selectFrom('lessons').selectAll().execute();",
      ].join('\n'),
    };
    const dirtyRoot = tree(dirty);
    const baseline = ownershipBaselineOf(checkTableOwnership(dirtyRoot, owners, databaseTables(dirtyRoot)));
    expect(baseline).toEqual({
      writes: { 'modules/shop/shop.repository.ts': { courses: ['insert'] } },
      reads: { 'modules/shop/shop.repository.ts': ['lessons'] },
    });

    const same = compareOwnership(checkTableOwnership(dirtyRoot, owners, databaseTables(dirtyRoot)), baseline);
    expect(same).toEqual({ newWrites: [], staleWrites: [], newReads: [], staleReads: [] });

    const worseRoot = tree({
      ...dirty,
      'modules/shop/more.ts': "export const drop = (db: any) => db.deleteFrom('reviews').execute();",
    });
    const worse = compareOwnership(checkTableOwnership(worseRoot, owners, databaseTables(worseRoot)), baseline);
    expect(worse.newWrites.map((w) => [w.file, w.table, w.kind])).toEqual([
      ['modules/shop/more.ts', 'reviews', 'delete'],
    ]);
    expect(worse.staleWrites).toEqual([]);

    // Another kind of write on a listed table is new too.
    const otherKindRoot = tree({
      ...dirty,
      'modules/shop/shop.repository.ts': `${dirty['modules/shop/shop.repository.ts']}\nexport const x = (db: any) => db.updateTable('courses').set({});`,
    });
    const otherKind = compareOwnership(
      checkTableOwnership(otherKindRoot, owners, databaseTables(otherKindRoot)),
      baseline,
    );
    expect(otherKind.newWrites.map((w) => w.kind)).toEqual(['update']);

    const cleanRoot = tree(clean);
    const fixed = compareOwnership(checkTableOwnership(cleanRoot, owners, databaseTables(cleanRoot)), baseline);
    expect(fixed).toEqual({
      newWrites: [],
      staleWrites: [{ file: 'modules/shop/shop.repository.ts', table: 'courses', kind: 'insert' }],
      newReads: [],
      staleReads: [{ file: 'modules/shop/shop.repository.ts', table: 'lessons' }],
    });
  });

  it('reports an owner map with a table missing, an unknown table or an owner that is no module', () => {
    const root = tree(clean);
    const { reviews: _reviews, ...withoutReviews } = owners;
    expect(
      ownerMapProblems(root, { ...withoutReviews, carts: 'shop', orders: 'billing' }, databaseTables(root)),
    ).toEqual([
      'table reviews has no owner',
      'orders: owner modules/billing/ does not exist',
      'carts is owned by shop but is no table of Database (db/schema.ts)',
    ]);
  });

  it('strips an alias from a table name', () => {
    expect(tableName('courses as c')).toBe('courses');
    expect(tableName(' courses  AS  c ')).toBe('courses');
  });
});

describe('the owner map of the repository', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const tables = databaseTables(root);

  it('names an owner for every table of db/schema.ts, and only tables of db/schema.ts', () => {
    expect(tables.length).toBeGreaterThan(70);
    expect(tables.filter((table) => !Object.hasOwn(tableOwners, table))).toEqual([]);
    expect(Object.keys(tableOwners).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('gives each table an existing module folder as owner', () => {
    expect(ownerMapProblems(root, tableOwners, tables)).toEqual([]);
  });
});
