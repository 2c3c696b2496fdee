// npm run lint:boundaries [-- --update]: module boundaries and module cycles against the committed
// baseline (decision 0016). New violations or cycles fail; baseline entries that no longer occur
// fail too, so the baseline only shrinks. `--update` rewrites the baseline from the tree.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { type Baseline, type ModuleCycle, baselineOf, checkBoundaries, compareWithBaseline } from './boundaries.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baselineFile = path.join(root, 'scripts/lint/module-boundaries.baseline.json');
const relativeBaseline = path.relative(root, baselineFile);

const report = checkBoundaries(root);

const baseline: Baseline = existsSync(baselineFile)
  ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline)
  : { imports: {}, cycles: [], typeCycles: [] };
const diff = compareWithBaseline(report, baseline);

if (process.argv.includes('--update')) {
  // Written as Prettier formats it, so `prettier --check .` in npm run lint agrees.
  const options = await prettier.resolveConfig(baselineFile);
  const text = JSON.stringify(baselineOf(report), null, 2);
  writeFileSync(baselineFile, await prettier.format(text, { ...options, filepath: baselineFile }));
  console.log(
    `${relativeBaseline}: ${report.violations.length} imports across module boundaries, ` +
      `${report.cycles.length} module cycles (${report.typeCycles.length} counting type-only imports); ` +
      `removed ${diff.staleImports.length} imports and ${diff.staleCycles.length + diff.staleTypeCycles.length} cycles, ` +
      `added ${diff.newViolations.length} imports and ${diff.newCycles.length + diff.newTypeCycles.length} cycles`,
  );
  process.exit(0);
}

const lines: string[] = [];

const describe = (title: string, cycle: ModuleCycle) => {
  lines.push(`${title} {${cycle.members.join(', ')}}:`);
  for (const e of cycle.edges) lines.push(`  ${e.from} -> ${e.to}${e.typeOnly ? ' (type-only)' : ''}`);
};
for (const v of diff.newViolations) lines.push(`${v.file}: imports ${v.target} — ${v.reason}`);
for (const cycle of diff.newCycles) describe('new module cycle', cycle);
for (const cycle of diff.newTypeCycles) describe('new module cycle counting type-only imports', cycle);
for (const s of diff.staleImports)
  lines.push(`${s.file}: no longer imports ${s.target} — remove it from ${relativeBaseline}`);
for (const members of diff.staleCycles)
  lines.push(`module cycle {${members.join(', ')}} is gone — remove it from "cycles" in ${relativeBaseline}`);
for (const members of diff.staleTypeCycles)
  lines.push(`module cycle {${members.join(', ')}} is gone — remove it from "typeCycles" in ${relativeBaseline}`);

if (lines.length > 0) {
  console.error(lines.join('\n'));
  console.error(
    `\nmodule boundaries: ${lines.length} problem(s). Import another module only through its index.ts; ` +
      'after removing a listed import or cycle, run `npm run lint:boundaries -- --update` (the baseline never grows).',
  );
  process.exit(1);
}
const tolerated = Object.values(baseline.imports).reduce((n, targets) => n + targets.length, 0);
console.log(
  `module boundaries: ok (baseline left to remove: ${tolerated} imports, ${baseline.cycles.length} module cycles, ` +
    `${baseline.typeCycles.length} counting type-only imports)`,
);
