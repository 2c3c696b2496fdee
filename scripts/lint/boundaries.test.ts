import { describe, expect, it } from 'vitest';
import { useFixtureTrees } from './fixture-tree.ts';
import { baselineOf, checkBoundaries, compareWithBaseline } from './boundaries.ts';

const tree = useFixtureTrees('boundaries');

const clean = {
  'lib/money.ts': 'export const vnd = 1;',
  'db/schema.ts': 'export interface Database {}',
  'kernel/http/envelope.ts': "import { vnd } from '../../lib/money.ts';\nexport const envelope = vnd;",
  'modules/b/index.ts': "export { findB } from './b.repository.ts';",
  'modules/b/b.repository.ts':
    "import type { Database } from '../../db/schema.ts';\nexport const findB = (db: Database) => db;",
  'modules/a/a.service.ts': [
    "import { findB } from '../b/index.ts';",
    "import { envelope } from '../../kernel/http/envelope.ts';",
    "import { readFile } from 'node:fs/promises';",
    "export { helper } from './sub/helper.ts';",
    'export const a = [findB, envelope, readFile];',
  ].join('\n'),
  'modules/a/sub/helper.ts': "export { findB as helper } from '../../b';",
  'modules/services.ts':
    "import { findB } from './b/b.repository.ts';\nimport { a } from './a/a.service.ts';\nexport const services = { a, findB };",
  'app/routes/home.tsx':
    "import type { services } from '../../modules/services';\nimport { findB } from '../../modules/b/index.ts';\nexport const x: typeof services | typeof findB = findB as never;",
  // Tests may reach into any module to arrange a case.
  'modules/a/a.test.ts': "import { findB } from '../b/b.repository.ts';\nexport const t = findB;",
};

describe('module boundaries', () => {
  it('passes a tree that imports other modules only through their index.ts', () => {
    const report = checkBoundaries(tree(clean));
    expect(report).toEqual({ violations: [], cycles: [], typeCycles: [] });
  });

  it('reports a deep import of another module, from a module and from app/', () => {
    const report = checkBoundaries(
      tree({
        ...clean,
        'modules/a/a.service.ts': "import { findB } from '../b/b.repository.ts';\nexport const a = findB;",
        'app/routes/home.tsx':
          "import type { Database } from '~/../modules/b/b.repository';\nexport type X = Database;",
        'modules/a/viewer.ts': "import type { services } from '../services.ts';\nexport type V = typeof services;",
      }),
    );
    expect(report.violations.map(({ file, target }) => ({ file, target }))).toEqual([
      { file: 'app/routes/home.tsx', target: 'modules/b/b.repository.ts' },
      { file: 'modules/a/a.service.ts', target: 'modules/b/b.repository.ts' },
      { file: 'modules/a/viewer.ts', target: 'modules/services.ts' },
    ]);
    expect(report.violations[1]!.reason).toContain('modules/b/index.ts');
  });

  it('reports a cycle between modules, and a cycle made only of type imports separately', () => {
    const root = tree({
      ...clean,
      'modules/b/b.repository.ts': "import { a } from '../a/a.service.ts';\nexport const findB = () => a;",
      'modules/c/index.ts': "import type { findB } from '../b/index.ts';\nexport type C = typeof findB;",
      'modules/b/b.types.ts': "import type { C } from '../c/index.ts';\nexport type B = C;",
    });
    const report = checkBoundaries(root);
    expect(report.cycles.map((c) => c.members)).toEqual([['a', 'b']]);
    expect(report.cycles[0]!.edges).toEqual([
      { from: 'a', to: 'b', typeOnly: false },
      { from: 'b', to: 'a', typeOnly: false },
    ]);
    expect(report.typeCycles.map((c) => c.members)).toEqual([['a', 'b', 'c']]);
    expect(report.violations.map((v) => v.file)).toEqual(['modules/b/b.repository.ts']);
  });

  it('tolerates the baseline, fails on anything new, and fails on a baseline entry that is gone', () => {
    const dirty = {
      ...clean,
      'modules/a/a.service.ts': "import { findB } from '../b/b.repository.ts';\nexport const a = findB;",
      'modules/b/b.repository.ts': "import { a } from '../a/a.service.ts';\nexport const findB = () => a;",
    };
    const baseline = baselineOf(checkBoundaries(tree(dirty)));
    expect(baseline.imports).toEqual({
      'modules/a/a.service.ts': ['modules/b/b.repository.ts'],
      'modules/b/b.repository.ts': ['modules/a/a.service.ts'],
    });
    expect(baseline.cycles).toEqual([['a', 'b']]);

    const same = compareWithBaseline(checkBoundaries(tree(dirty)), baseline);
    expect(same).toEqual({
      newViolations: [],
      staleImports: [],
      newCycles: [],
      staleCycles: [],
      newTypeCycles: [],
      staleTypeCycles: [],
    });

    const worse = compareWithBaseline(
      checkBoundaries(
        tree({ ...dirty, 'modules/a/more.ts': "import { findB } from '../b/b.repository';\nexport const m = findB;" }),
      ),
      baseline,
    );
    expect(worse.newViolations.map((v) => v.file)).toEqual(['modules/a/more.ts']);

    const fixed = compareWithBaseline(checkBoundaries(tree(clean)), baseline);
    expect(fixed.newViolations).toEqual([]);
    expect(fixed.staleImports).toHaveLength(2);
    expect(fixed.staleCycles).toEqual([['a', 'b']]);
    expect(fixed.staleTypeCycles).toEqual([['a', 'b']]);
  });

  it('keeps kernel/ free of modules and the app', () => {
    const report = checkBoundaries(
      tree({
        ...clean,
        'kernel/auth/viewer.ts':
          "import type { services } from '../../modules/services.ts';\nexport type V = typeof services;",
      }),
    );
    expect(report.violations.map((v) => [v.file, v.target])).toEqual([
      ['kernel/auth/viewer.ts', 'modules/services.ts'],
    ]);
  });

  it('lets a table file take a column type from the table file of another module, type-only, and never import db/', () => {
    const tables = {
      ...clean,
      'kernel/db/columns.ts': 'export type Timestamp = string;',
      'modules/b/b.table.ts': "export type BKind = 'x' | 'y';\nexport interface BTables { b: { kind: BKind } }",
      'modules/a/a.table.ts': [
        "import type { Timestamp } from '../../kernel/db/columns.ts';",
        "import type { BKind } from '../b/b.table.ts';",
        'export interface ATables { a: { kind: BKind; at: Timestamp } }',
      ].join('\n'),
      'db/schema.ts': [
        "import type { ATables } from '../modules/a/a.table.ts';",
        "import type { BTables } from '../modules/b/b.table.ts';",
        'export interface Database extends ATables, BTables {}',
      ].join('\n'),
    };
    expect(checkBoundaries(tree(tables)).violations).toEqual([]);

    const report = checkBoundaries(
      tree({
        ...tables,
        'modules/a/a.table.ts': [
          "import type { Timestamp } from '../../db/schema.ts';",
          "import { B_KINDS } from '../b/b.table.ts';",
          'export interface ATables { a: { kind: (typeof B_KINDS)[number]; at: Timestamp } }',
        ].join('\n'),
        'modules/b/b.table.ts':
          "export const B_KINDS = ['x'] as const;\nexport interface BTables { b: { id: number } }",
        'modules/a/a.service.ts': "import type { BTables } from '../b/b.table.ts';\nexport type A = BTables;",
      }),
    );
    expect(report.violations.map((v) => [v.file, v.target])).toEqual([
      ['modules/a/a.service.ts', 'modules/b/b.table.ts'],
      ['modules/a/a.table.ts', 'db/schema.ts'],
      ['modules/a/a.table.ts', 'modules/b/b.table.ts'],
    ]);
    expect(report.violations[1]!.reason).toContain('kernel/db/columns.ts');
  });

  describe('client-safe faces (public.ts)', () => {
    const faces = {
      ...clean,
      'modules/b/b.labels.ts': "export const B_TEXT = { on: 'Bật' };",
      'modules/b/b.schemas.ts': [
        "import { z } from 'zod';",
        "import { vnd } from '../../lib/money.ts';",
        "import type { Database } from '../../db/schema.ts';",
        'export const bInput = z.number().min(vnd);',
        'export type B = Database;',
      ].join('\n'),
      'modules/b/public.ts': "export * from './b.labels.ts';\nexport * from './b.schemas.ts';",
      'app/routes/b.tsx': "import { B_TEXT } from '../../modules/b/public';\nexport const x = B_TEXT;",
      'modules/a/a.page.ts': "import { bInput } from '../b/public.ts';\nexport const y = bInput;",
    };

    it('may be imported by app/ and other modules, and may import zod, lib/ and types of db/', () => {
      expect(checkBoundaries(tree(faces)).violations).toEqual([]);
    });

    it('reports server code it reaches, however deep: db/, Node built-ins, a module index, config/', () => {
      const report = checkBoundaries(
        tree({
          ...faces,
          'modules/b/b.labels.ts': "import { when } from './b.dates.ts';\nexport const B_TEXT = { on: when };",
          'modules/b/b.dates.ts': "import { nowIso } from '../../db/connect.ts';\nexport const when = nowIso;",
          'db/connect.ts': "import { randomUUID } from 'node:crypto';\nexport const nowIso = randomUUID;",
          'lib/money.ts': "import { readFileSync } from 'fs';\nexport const vnd = readFileSync;",
          'modules/b/b.schemas.ts':
            "import { findB } from './index.ts';\nimport '../../config/env.ts';\nimport { vnd } from '../../lib/money.ts';\nexport const bInput = [findB, vnd];",
          'config/env.ts': 'export const env = {};',
        }),
      );
      expect(report.violations.map((v) => [v.file, v.target])).toEqual([
        ['lib/money.ts', 'fs'],
        ['modules/b/b.dates.ts', 'db/connect.ts'],
        ['modules/b/b.schemas.ts', 'config/env.ts'],
        ['modules/b/b.schemas.ts', 'modules/b/index.ts'],
      ]);
      expect(report.violations[1]!.reason).toContain('reached from modules/b/public.ts, the client-safe face');
    });
  });
});
