/** The printed report: one table per comparison, then a one-line-each summary of every check. */
import type { Benchmark, BenchResult, Check, Report, Verdict } from './bench.ts';
import type { Comparison, Side } from './measure.ts';

export type { Verdict } from './bench.ts';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const ms = (value: number) => (value < 1 ? '<1 ms' : `${integer.format(value)} ms`);
const cores = (value: number) => (Number.isNaN(value) ? '?' : `${Math.round(value * 100)} %`);

/** Header, width and cell of each column; the last one is left-aligned and unpadded. */
const COLUMNS: Array<[string, number, (side: Side) => string]> = [
  ['req/s', 9, (side) => integer.format(side.rps)],
  ['p50', 8, (side) => ms(side.p50)],
  ['p99', 9, (side) => ms(side.p99)],
  ['server CPU', 12, (side) => cores(side.serverCpu)],
  ['client CPU', 12, (side) => cores(side.clientCpu)],
  ['non-2xx', 9, (side) => integer.format(side.non2xx)],
  ['errors', 8, (side) => integer.format(side.errors)],
  ['   req/s of each run', 0, (side) => `   ${side.runs.map((run) => integer.format(run.rps)).join(', ')}`],
];

function line(label: string, cells: string[]): string {
  return `  ${label.padEnd(9)}${cells.map((cell, index) => cell.padStart(COLUMNS[index]![1])).join('')}`;
}

/** ERROR when any request failed on either side (the ratio then means nothing), else the ratio against the target. */
export function comparisonVerdict(comparison: Comparison, target: number): Verdict {
  const { baseline, product, ratio } = comparison;
  if (baseline.non2xx + baseline.errors + product.non2xx + product.errors > 0) return 'ERROR';
  return ratio >= target ? 'PASS' : 'BELOW TARGET';
}

/** The notes, the baseline/product table and the ratio line of one comparison. */
export function formatComparison(comparison: Comparison, target: number, notes: string[]): string[] {
  const { baseline, product, ratio } = comparison;
  const verdict = comparisonVerdict(comparison, target);
  return [
    ...notes.map((note) => `  ${note}`),
    line(
      '',
      COLUMNS.map(([header]) => header),
    ),
    line(
      'baseline',
      COLUMNS.map(([, , cell]) => cell(baseline)),
    ),
    line(
      'product',
      COLUMNS.map(([, , cell]) => cell(product)),
    ),
    `  ratio ${ratio.toFixed(3)}  target ≥ ${target}  ${verdict}` +
      (verdict === 'ERROR' ? ' (non-2xx answers or socket errors during the runs)' : ''),
  ];
}

export function verdictOf(bench: Benchmark, result: BenchResult): Verdict {
  return comparisonVerdict(result.comparison, bench.target);
}

export function formatResult(bench: Benchmark, result: BenchResult): string {
  return [`[${bench.name}] ${bench.title}`, ...formatComparison(result.comparison, bench.target, result.notes)].join(
    '\n',
  );
}

/** A one-comparison benchmark's result as a report: its table and one check, the ratio. */
export function comparisonReport(bench: Benchmark, result: BenchResult): Report {
  return {
    lines: formatComparison(result.comparison, bench.target, result.notes),
    checks: [
      {
        label: 'ratio',
        value: result.comparison.ratio.toFixed(3),
        target: `≥ ${bench.target}`,
        verdict: verdictOf(bench, result),
      },
    ],
  };
}

/** `  catalog    list p99 9 ms (≤ 15 ms)  PASS`; NOT RUN and ERROR lines give the reason instead. */
export function formatCheckLine(name: string, check: Check): string {
  const numbers =
    check.verdict === 'NOT RUN' || check.verdict === 'ERROR'
      ? `${check.label}: ${check.value}`
      : `${check.label} ${check.value} (${check.target})`;
  return `  ${name.padEnd(11)}${numbers}  ${check.verdict}`;
}

export function formatSummaryLine(name: string, verdict: Verdict, ratio?: number, target?: number): string {
  const numbers = ratio === undefined || target === undefined ? '' : `ratio ${ratio.toFixed(3)} (≥ ${target})  `;
  return `  ${name.padEnd(11)}${numbers}${verdict}`;
}
