// npm run lint:tables [-- --update | --summary]: every module's Kysely queries against the table owner
// map (scripts/lint/table-owners.ts) and the committed baseline (decision 0016, "Table ownership").
// A write or read of another module's table that is not listed fails; a listed one that no longer
// occurs fails too, so the baseline only shrinks. `--update` rewrites the baseline from the tree;
// `--summary` prints the foreign writes and reads per module. Raw `sql` templates are not read.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { tableOwners } from './table-owners.ts';
import {
  type ForeignAccess,
  type OwnershipBaseline,
  checkTableOwnership,
  compareOwnership,
  databaseTables,
  ownerMapProblems,
  ownershipBaselineOf,
} from './tables.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baselineFile = path.join(root, 'scripts/lint/table-ownership.baseline.json');
const relativeBaseline = path.relative(root, baselineFile);

const tables = databaseTables(root);
const mapProblems = ownerMapProblems(root, tableOwners, tables);
if (mapProblems.length > 0) {
  console.error(mapProblems.join('\n'));
  console.error(
    `\ntable ownership: scripts/lint/table-owners.ts must name one owner for each of the ${tables.length} tables of db/schema.ts`,
  );
  process.exit(1);
}

const report = checkTableOwnership(root, tableOwners, tables);
const baseline: OwnershipBaseline = existsSync(baselineFile)
  ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as OwnershipBaseline)
  : { writes: {}, reads: {} };
const diff = compareOwnership(report, baseline);

const sites = (found: ForeignAccess[]) => found.reduce((n, f) => n + f.lines.length, 0);
const dynamicNote = () =>
  `${report.dynamic.length} queries name their table in a variable and were not checked` +
  (report.dynamic.length
    ? `: ${report.dynamic.map((d) => `${d.file}:${d.line} ${d.method}(${d.argument})`).join(', ')}`
    : '');

if (process.argv.includes('--summary')) {
  const modules = [...new Set([...report.writes, ...report.reads].map((f) => f.module))].sort();
  console.log('module: foreign write statements (tables) / foreign read sites (tables)');
  for (const module of modules) {
    const writes = report.writes.filter((f) => f.module === module);
    const reads = report.reads.filter((f) => f.module === module);
    const tablesOf = (found: ForeignAccess[]) => new Set(found.map((f) => f.table)).size;
    const top = Object.entries(
      writes.reduce<Record<string, number>>((n, f) => ({ ...n, [f.owner]: (n[f.owner] ?? 0) + f.lines.length }), {}),
    )
      .sort((a, b) => b[1] - a[1])
      .map(([owner, n]) => `${owner} ${n}`);
    console.log(
      `${module}: ${sites(writes)} (${tablesOf(writes)}) / ${sites(reads)} (${tablesOf(reads)})` +
        (top.length ? ` — writes tables of ${top.join(', ')}` : ''),
    );
  }
  console.log(
    `total: ${sites(report.writes)} write statements on ${new Set(report.writes.map((f) => f.table)).size} tables, ` +
      `${sites(report.reads)} read sites on ${new Set(report.reads.map((f) => f.table)).size} tables, ` +
      `of ${report.accesses} table names read; ${dynamicNote()}`,
  );
  process.exit(0);
}

if (process.argv.includes('--update')) {
  // Written as Prettier formats it, so `prettier --check .` in npm run lint agrees.
  const options = await prettier.resolveConfig(baselineFile);
  const text = JSON.stringify(ownershipBaselineOf(report), null, 2);
  writeFileSync(baselineFile, await prettier.format(text, { ...options, filepath: baselineFile }));
  console.log(
    `${relativeBaseline}: ${report.writes.length} foreign writes and ${report.reads.length} foreign reads ` +
      `(file, table, kind); removed ${diff.staleWrites.length} writes and ${diff.staleReads.length} reads, ` +
      `added ${diff.newWrites.length} writes and ${diff.newReads.length} reads`,
  );
  process.exit(0);
}

const lines: string[] = [];
for (const u of report.unknown)
  lines.push(`${u.file}:${u.line}: ${u.method}('${u.table}') names no table of Database (db/schema.ts)`);
for (const w of diff.newWrites)
  lines.push(
    `${w.file}:${w.lines.join(',')}: ${w.kind} on ${w.table}, a table of ${w.owner}: ask that module's service to write it`,
  );
for (const r of diff.newReads)
  lines.push(
    `${r.file}:${r.lines.join(',')}: reads ${r.table}, a table of ${r.owner}: read it through that module's service`,
  );
for (const s of diff.staleWrites)
  lines.push(`${s.file}: no longer does ${s.kind} on ${s.table} — remove it from "writes" in ${relativeBaseline}`);
for (const s of diff.staleReads)
  lines.push(`${s.file}: no longer reads ${s.table} — remove it from "reads" in ${relativeBaseline}`);

if (lines.length > 0) {
  console.error(lines.join('\n'));
  console.error(
    `\ntable ownership: ${lines.length} problem(s). A module writes only its own tables (scripts/lint/table-owners.ts) ` +
      'and reads others through their service; after removing a listed query, run `npm run lint:tables -- --update` ' +
      '(the baseline never grows).',
  );
  process.exit(1);
}
const listedWrites = Object.values(baseline.writes).reduce(
  (n, byTable) => n + Object.values(byTable).reduce((m, kinds) => m + kinds.length, 0),
  0,
);
const listedReads = Object.values(baseline.reads).reduce((n, list) => n + list.length, 0);
console.log(
  `table ownership: ok (baseline left to remove: ${listedWrites} foreign writes, ${listedReads} foreign reads; ` +
    `${dynamicNote()})`,
);
