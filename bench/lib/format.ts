/** The printed report: one table per benchmark, then a one-line-each summary. */
import type { Benchmark, BenchResult } from './bench.ts';
import type { Side } from './measure.ts';

export type Verdict = 'PASS' | 'BELOW TARGET' | 'ERROR';

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

export function verdictOf(bench: Benchmark, result: BenchResult): Verdict {
  const { baseline, product, ratio } = result.comparison;
  if (baseline.non2xx + baseline.errors + product.non2xx + product.errors > 0) return 'ERROR';
  return ratio >= bench.target ? 'PASS' : 'BELOW TARGET';
}

export function formatResult(bench: Benchmark, result: BenchResult): string {
  const { baseline, product, ratio } = result.comparison;
  const verdict = verdictOf(bench, result);
  return [
    `[${bench.name}] ${bench.title}`,
    ...result.notes.map((note) => `  ${note}`),
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
    `  ratio ${ratio.toFixed(3)}  target ≥ ${bench.target}  ${verdict}` +
      (verdict === 'ERROR' ? ' (non-2xx answers or socket errors during the runs)' : ''),
  ].join('\n');
}

export function formatSummaryLine(name: string, verdict: Verdict, ratio?: number, target?: number): string {
  const numbers = ratio === undefined || target === undefined ? '' : `ratio ${ratio.toFixed(3)} (≥ ${target})  `;
  return `  ${name.padEnd(6)}${numbers}${verdict}`;
}
