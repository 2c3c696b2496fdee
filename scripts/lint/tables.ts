// Table ownership (decision 0016, "Table ownership"): which module writes or reads a table another
// module owns. Every Kysely query of the non-test `.ts` files of modules/ is read with the TypeScript
// parser and its table names compared with the owner map (scripts/lint/table-owners.ts). Pure over a
// directory tree, so a test can run it on a fixture; scripts/lint/table-ownership.ts runs it on the
// repository against a committed baseline. Raw `sql` templates are not read: a table named inside one
// is invisible here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { moduleOf, sourceFiles } from './boundaries.ts';

export type WriteKind = 'insert' | 'update' | 'delete' | 'merge';
export type AccessKind = WriteKind | 'read';

/** The query builder methods whose first argument names a table, and what they do to it. */
const METHODS: Record<string, AccessKind> = {
  selectFrom: 'read',
  innerJoin: 'read',
  leftJoin: 'read',
  rightJoin: 'read',
  fullJoin: 'read',
  crossJoin: 'read',
  innerJoinLateral: 'read',
  leftJoinLateral: 'read',
  crossJoinLateral: 'read',
  /** `deleteFrom(…).using(…)`. */
  using: 'read',
  insertInto: 'insert',
  updateTable: 'update',
  deleteFrom: 'delete',
  mergeInto: 'merge',
};

/** One table named by a query builder call. */
export interface TableAccess {
  file: string;
  line: number;
  method: string;
  table: string;
  kind: AccessKind;
}

/** A query builder call whose table is not a string literal (a variable, a parameter). */
export interface DynamicAccess {
  file: string;
  line: number;
  method: string;
  argument: string;
}

/** A module's use of a table another module owns, grouped by file, table and kind. */
export interface ForeignAccess {
  file: string;
  module: string;
  table: string;
  owner: string;
  kind: AccessKind;
  lines: number[];
}

export interface OwnershipReport {
  /** insertInto / updateTable / deleteFrom / mergeInto on a table of another module. */
  writes: ForeignAccess[];
  /** selectFrom and joins on a table of another module. */
  reads: ForeignAccess[];
  /** Calls whose table cannot be read statically: counted and shown, never a failure. */
  dynamic: DynamicAccess[];
  /** Literal names that are no table of `Database` nor a `with(…)` name of the file: a failure. */
  unknown: TableAccess[];
  /** How many table names were read in all. */
  accesses: number;
}

export interface OwnershipBaseline {
  /** file → table → write kinds tolerated today. */
  writes: Record<string, Record<string, WriteKind[]>>;
  /** file → tables of other modules read directly today. */
  reads: Record<string, string[]>;
}

export interface OwnershipDiff {
  newWrites: ForeignAccess[];
  staleWrites: { file: string; table: string; kind: string }[];
  newReads: ForeignAccess[];
  staleReads: { file: string; table: string }[];
}

/** `'courses as c'` → `courses`. */
export const tableName = (text: string) =>
  text
    .trim()
    .split(/\s+as\s+/i)[0]!
    .trim();

const literalsOf = (node: ts.Expression): string[] | null => {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isArrayLiteralExpression(node)) {
    const all = node.elements.map((element) => (ts.isExpression(element) ? literalsOf(element) : null));
    return all.every((names) => names !== null) ? all.flat() : null;
  }
  if (ts.isConditionalExpression(node)) {
    const whenTrue = literalsOf(node.whenTrue);
    const whenFalse = literalsOf(node.whenFalse);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  return null;
};

/** A subquery or callback argument (`(eb) => …`, `eb.selectFrom(…).as('x')`): its tables are read where they are named. */
const isSubquery = (node: ts.Expression) =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isCallExpression(node);

/** Whether a method chain (`db.updateTable(…).set(…)`) has a call to `name` before this point. */
function chainCalls(node: ts.Expression, name: string): boolean {
  let current: ts.Expression = node;
  while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) {
    if (ts.isCallExpression(current)) {
      const callee = current.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === name) return true;
      current = callee;
    } else current = current.expression;
  }
  return false;
}

/** Every table named by a query builder call in one file, and the calls whose table is not a literal. */
export function accessesOf(
  root: string,
  file: string,
): { accesses: TableAccess[]; dynamic: DynamicAccess[]; ctes: string[] } {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const accesses: TableAccess[] = [];
  const dynamic: DynamicAccess[] = [];
  const ctes: string[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression;
      const method = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : null;
      const argument = node.arguments[0];
      // The line of the method's name, not of the start of its chain (`db` a few lines above).
      const at = ts.isPropertyAccessExpression(callee) ? callee.name : node;
      if (method === 'with' || method === 'withRecursive') {
        if (ts.isPropertyAccessExpression(callee) && ts.isStringLiteralLike(argument))
          ctes.push(tableName(argument.text).replace(/\(.*$/, '').trim()); // `with('name(a, b)', …)`
      } else if (
        method === 'from' &&
        ts.isPropertyAccessExpression(callee) &&
        chainCalls(callee.expression, 'updateTable')
      ) {
        for (const name of literalsOf(argument) ?? [])
          accesses.push({ file, line: lineOf(at), method, table: tableName(name), kind: 'read' });
      } else if (method && Object.hasOwn(METHODS, method)) {
        const names = literalsOf(argument);
        if (names) {
          for (const name of names)
            accesses.push({ file, line: lineOf(at), method, table: tableName(name), kind: METHODS[method]! });
        } else if (!isSubquery(argument)) {
          dynamic.push({ file, line: lineOf(at), method, argument: argument.getText(source) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { accesses, dynamic, ctes };
}

/** The table names of `Database` in db/schema.ts: its members, merged declarations and the interfaces it extends. */
export function databaseTables(root: string, schemaFile = 'db/schema.ts'): string[] {
  const tables = new Set<string>();
  const parse = (file: string) =>
    ts.createSourceFile(
      file,
      readFileSync(path.join(root, file), 'utf8'),
      ts.ScriptTarget.Latest,
      false,
      ts.ScriptKind.TS,
    );
  const collect = (file: string, name: string, seen: Set<string>): void => {
    const key = `${file}#${name}`;
    if (seen.has(key) || !existsSync(path.join(root, file))) return;
    seen.add(key);
    const source = parse(file);
    const imported = new Map<string, string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), statement.moduleSpecifier.text));
      for (const element of bindings.elements)
        imported.set(element.name.text, target.endsWith('.ts') ? target : `${target}.ts`);
    }
    for (const statement of source.statements) {
      if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== name) continue;
      for (const member of statement.members) {
        if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
          tables.add(member.name.text);
      }
      for (const clause of statement.heritageClauses ?? []) {
        for (const type of clause.types) {
          if (!ts.isIdentifier(type.expression)) continue;
          const parent = type.expression.text;
          collect(imported.get(parent) ?? file, parent, seen);
        }
      }
    }
  };
  collect(schemaFile, 'Database', new Set());
  return [...tables].sort();
}

/** What is wrong with an owner map: tables without an owner, owned names that are no table, owners that are no module. */
export function ownerMapProblems(root: string, owners: Record<string, string>, tables: string[]): string[] {
  const problems: string[] = [];
  const known = new Set(tables);
  for (const table of tables) if (!Object.hasOwn(owners, table)) problems.push(`table ${table} has no owner`);
  for (const [table, owner] of Object.entries(owners)) {
    if (!known.has(table)) problems.push(`${table} is owned by ${owner} but is no table of Database (db/schema.ts)`);
    if (!existsSync(path.join(root, 'modules', owner)))
      problems.push(`${table}: owner modules/${owner}/ does not exist`);
  }
  return problems;
}

/** The whole check on one tree: every module's foreign writes and reads, per file, table and kind. */
export function checkTableOwnership(root: string, owners: Record<string, string>, tables: string[]): OwnershipReport {
  const known = new Set(tables);
  const grouped = new Map<string, ForeignAccess>();
  const report: OwnershipReport = { writes: [], reads: [], dynamic: [], unknown: [], accesses: 0 };
  const files = sourceFiles(root).filter((file) => file.startsWith('modules/') && file.endsWith('.ts'));
  for (const file of files) {
    const module = moduleOf(file);
    const { accesses, dynamic, ctes } = accessesOf(root, file);
    report.dynamic.push(...dynamic);
    report.accesses += accesses.length;
    for (const access of accesses) {
      if (!known.has(access.table)) {
        if (!ctes.includes(access.table)) report.unknown.push(access);
        continue;
      }
      const owner = owners[access.table];
      if (!module || !owner || owner === module) continue;
      const key = `${file}\0${access.table}\0${access.kind}`;
      const found = grouped.get(key);
      if (found) found.lines.push(access.line);
      else {
        const entry = { file, module, table: access.table, owner, kind: access.kind, lines: [access.line] };
        grouped.set(key, entry);
        (access.kind === 'read' ? report.reads : report.writes).push(entry);
      }
    }
  }
  const order = (a: ForeignAccess, b: ForeignAccess) =>
    a.file.localeCompare(b.file) || a.table.localeCompare(b.table) || a.kind.localeCompare(b.kind);
  report.writes.sort(order);
  report.reads.sort(order);
  return report;
}

/** The baseline that tolerates exactly what the report finds (for `--update`). */
export function ownershipBaselineOf(report: OwnershipReport): OwnershipBaseline {
  const writes: OwnershipBaseline['writes'] = {};
  for (const w of report.writes) ((writes[w.file] ??= {})[w.table] ??= []).push(w.kind as WriteKind);
  const reads: OwnershipBaseline['reads'] = {};
  for (const r of report.reads) (reads[r.file] ??= []).push(r.table);
  return { writes, reads };
}

/** What the report adds to the baseline, and what of the baseline no longer occurs. */
export function compareOwnership(report: OwnershipReport, baseline: OwnershipBaseline): OwnershipDiff {
  const listedWrites = Object.entries(baseline.writes ?? {}).flatMap(([file, tables]) =>
    Object.entries(tables).flatMap(([table, kinds]) => kinds.map((kind) => ({ file, table, kind: kind as string }))),
  );
  const listedReads = Object.entries(baseline.reads ?? {}).flatMap(([file, tables]) =>
    tables.map((table) => ({ file, table })),
  );
  const writeKey = (w: { file: string; table: string; kind: string }) => `${w.file}\0${w.table}\0${w.kind}`;
  const readKey = (r: { file: string; table: string }) => `${r.file}\0${r.table}`;
  const toleratedWrites = new Set(listedWrites.map(writeKey));
  const toleratedReads = new Set(listedReads.map(readKey));
  const foundWrites = new Set(report.writes.map(writeKey));
  const foundReads = new Set(report.reads.map(readKey));
  return {
    newWrites: report.writes.filter((w) => !toleratedWrites.has(writeKey(w))),
    staleWrites: listedWrites.filter((w) => !foundWrites.has(writeKey(w))),
    newReads: report.reads.filter((r) => !toleratedReads.has(readKey(r))),
    staleReads: listedReads.filter((r) => !foundReads.has(readKey(r))),
  };
}
