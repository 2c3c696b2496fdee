/**
 * Page budget: the server-rendered home page `/` of the built app (build/server/index.js, with its
 * loaders on the demo data) versus a tiny React component rendered by bare Fastify. Target: ≥ 0.5.
 * Measured twice, as production runs it and without help: `cached` is the product as deployed, its
 * 5-second micro-cache for anonymous pages on (server/http/page-cache.ts: the page stored with its
 * brotli and gzip twins, its inline scripts allowed by hash), so nearly every answer is a hit;
 * `cold` switches the micro-cache off (PAGE_CACHE_SECONDS=0), so every answer runs the loaders and
 * renders. Both sides get a browser's request headers (Accept-Encoding included: every browser
 * sends it). Two checks: the cached ratio (what learners get, ≥ 0.5) and the cold one (issue 20,
 * ≥ 0.05); with the cold one, the smallest document of the app (the sign-in page) rendered the same
 * way, the floor no uncached page can go below on this stack (docs/decisions/0006-speed-targets.md,
 * 0014-signed-in-speed.md).
 */
import {
  BROWSER_PAGE_HEADERS,
  fetchChecked,
  wireBytes,
  withServers,
  type Check,
  type ReportBenchmark,
  type Settings,
} from './lib/bench.ts';
import { comparisonVerdict, formatComparison } from './lib/format.ts';
import type { ChildServer } from './lib/child-server.ts';
import { compareAlternating, type Comparison } from './lib/measure.ts';

const TARGET = 0.5;
/** Issue 20, target 2: the home rendered for every request (no micro-cache). */
const COLD_TARGET = 0.05;
/** The smallest document of the app: the root layout and a form, no page data. */
const SMALLEST_PAGE = '/dang-nhap';

/**
 * The floor under any uncached page: the smallest document rendered the same way (root layout,
 * React Router's document request, React, compression), same server, same run.
 */
async function smallestDocument(product: ChildServer, baseline: ChildServer, settings: Settings) {
  const page = await fetchChecked(`${product.origin}${SMALLEST_PAGE}`, 'text/html');
  const comparison = await compareAlternating(
    { ...baseline.target('/'), headers: BROWSER_PAGE_HEADERS },
    { ...product.target(SMALLEST_PAGE), headers: BROWSER_PAGE_HEADERS },
    settings,
  );
  return [
    `GET ${SMALLEST_PAGE} without the micro-cache: the floor of an uncached page (the smallest document, ${page.bytes} B)`,
    ...formatComparison(comparison, COLD_TARGET, []),
  ];
}

export const ssrBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'ssr',
  title: 'GET / (home page SSR), micro-cached and cold: real app vs bare Fastify + renderToString of a tiny component',
  needsBuild: true,
  run: (settings) =>
    withServers(settings, async (start) => {
      const baseline = await start('bare-ssr', {});
      const bare = await fetchChecked(`${baseline.origin}/`, 'text/html');
      const lines: string[] = [];
      const ratios: Partial<Record<'cached' | 'cold', Comparison>> = {};
      let floor: string[] = [];
      for (const mode of ['cached', 'cold'] as const) {
        const product = await start('product', { pages: true, pageCacheSeconds: mode === 'cached' ? 5 : 0 });
        const real = await fetchChecked(`${product.origin}/`, 'text/html');
        if (!real.text.includes('<html lang="vi"')) throw new Error('The product did not render the home page.');
        const wire = await wireBytes(`${product.origin}/`, BROWSER_PAGE_HEADERS);
        const comparison = await compareAlternating(
          { ...baseline.target('/'), headers: BROWSER_PAGE_HEADERS },
          { ...product.target('/'), headers: BROWSER_PAGE_HEADERS },
          settings,
        );
        ratios[mode] = comparison;
        if (mode === 'cold') floor = await smallestDocument(product, baseline, settings);
        lines.push(
          `GET / ${mode === 'cached' ? 'with the micro-cache (as deployed)' : 'without the micro-cache (every answer rendered)'}`,
          ...formatComparison(comparison, mode === 'cached' ? TARGET : COLD_TARGET, [
            `home page ${real.bytes} B (${wire.bytes} B sent, ${wire.encoding}), tiny page ${bare.bytes} B`,
          ]),
          '',
        );
        await product.stop();
      }
      lines.push(...floor, '');
      const { cached, cold } = ratios as Record<'cached' | 'cold', Comparison>;
      const checks: Check[] = [
        {
          label: 'home, micro-cached',
          value: cached.ratio.toFixed(3),
          target: `≥ ${TARGET}`,
          verdict: comparisonVerdict(cached, TARGET),
        },
        {
          label: 'home, cold',
          value: cold.ratio.toFixed(3),
          target: `≥ ${COLD_TARGET}`,
          verdict: comparisonVerdict(cold, COLD_TARGET),
        },
      ];
      lines.pop();
      return { lines, checks };
    }),
};
