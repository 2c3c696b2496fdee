/**
 * Catalog budget (issue 4, "Must show"): `GET /api/user/course.json` (the first page, as the
 * courses page asks for it) and `GET /api/user/course/details.json?slug=…` of a seeded course, each
 * on the real app versus bare Fastify sending the very same object (the real answer, taken once).
 * Targets: ≥ 0.5 of the baseline's req/s, and the product's p99 ≤ 15 ms, at 64 connections.
 */
import { fetchChecked, judge, withServers, type Check, type ReportBenchmark } from './lib/bench.ts';
import { comparisonVerdict, formatComparison } from './lib/format.ts';
import { compareAlternating } from './lib/measure.ts';

const LIST_PATH = '/api/user/course.json';
const DETAILS_PATH = '/api/user/course/details.json';
const RATIO_TARGET = 0.5;
const P99_TARGET_MS = 15;
/** The load at which the issue sets the p99 budget. */
const CONNECTIONS = 64;

interface Endpoint {
  /** `list`, `details`: the summary's labels. */
  label: string;
  /** Path and query string, as requested on both sides. */
  url: string;
  /** The route the baseline answers (no query string). */
  route: string;
}

/** The most complete seeded course of the first page: the largest details answer (curriculum, related, combo). */
async function pickCourse(origin: string, slugs: string[]): Promise<string> {
  let best = { slug: slugs[0]!, bytes: -1 };
  for (const slug of slugs) {
    const { bytes } = await fetchChecked(
      `${origin}${DETAILS_PATH}?slug=${encodeURIComponent(slug)}`,
      'application/json',
    );
    if (bytes > best.bytes) best = { slug, bytes };
  }
  return best.slug;
}

/** A latency to a tenth of a millisecond (medians of two runs average them). */
const ms = (value: number) => String(Math.round(value * 10) / 10);

export const catalogBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'catalog',
  title: `GET ${LIST_PATH} and ${DETAILS_PATH}: real app vs bare Fastify sending the same JSON`,
  needsBuild: false,
  connections: CONNECTIONS,
  run: (settings) =>
    withServers(settings, async (start) => {
      const product = await start('product', { pages: false });
      const list = await fetchChecked(product.origin + LIST_PATH, 'application/json');
      const slugs = (JSON.parse(list.text) as { data: Array<{ slug: string }> }).data.map((course) => course.slug);
      if (slugs.length === 0) throw new Error(`${LIST_PATH} listed no course: the demo data is missing.`);
      const slug = await pickCourse(product.origin, slugs);

      const endpoints: Endpoint[] = [
        { label: 'list', url: LIST_PATH, route: LIST_PATH },
        { label: 'details', url: `${DETAILS_PATH}?slug=${encodeURIComponent(slug)}`, route: DETAILS_PATH },
      ];
      const lines: string[] = [];
      const checks: Check[] = [];
      const p99Label = `p99 at ${settings.connections} connections`;
      for (const endpoint of endpoints) {
        const real = await fetchChecked(product.origin + endpoint.url, 'application/json');
        const baseline = await start('bare-json', { path: endpoint.route, body: JSON.parse(real.text) as unknown });
        const bare = await fetchChecked(baseline.origin + endpoint.url, 'application/json');
        if (bare.text !== real.text) throw new Error(`The baseline does not send the same JSON as ${endpoint.url}.`);

        const comparison = await compareAlternating(
          baseline.target(endpoint.url),
          product.target(endpoint.url),
          settings,
        );
        const { p99 } = comparison.product;
        const ratioVerdict = comparisonVerdict(comparison, RATIO_TARGET);
        // A p99 of requests that failed is no latency: the comparison's ERROR stands for both.
        const p99Verdict = ratioVerdict === 'ERROR' ? 'ERROR' : judge(p99, P99_TARGET_MS, 'at-most');
        lines.push(
          `GET ${endpoint.url}`,
          ...formatComparison(comparison, RATIO_TARGET, [`body ${real.bytes} B on both sides`]),
          `  product ${p99Label}: ${ms(p99)} ms  target ≤ ${P99_TARGET_MS} ms` +
            `${settings.connections === CONNECTIONS ? '' : ` (set at ${CONNECTIONS} connections)`}  ${p99Verdict}`,
          // Closed loop: every connection waits for its answer, so at saturation latency is mostly the queue.
          `  (saturated, ${settings.connections} connections ÷ ${Math.round(comparison.product.rps)} req/s = ` +
            `${((settings.connections / comparison.product.rps) * 1000).toFixed(1)} ms mean latency by Little's law; ` +
            `the baseline's own p99: ${ms(comparison.baseline.p99)} ms)`,
          '',
        );
        checks.push(
          {
            label: `${endpoint.label} ratio`,
            value: comparison.ratio.toFixed(3),
            target: `≥ ${RATIO_TARGET}`,
            verdict: ratioVerdict,
          },
          {
            label: `${endpoint.label} ${p99Label}`,
            value: `${ms(p99)} ms`,
            target: `≤ ${P99_TARGET_MS} ms`,
            verdict: p99Verdict,
          },
        );
        await baseline.stop();
      }
      lines.pop();
      return { lines, checks };
    }),
};
