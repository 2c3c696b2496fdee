/**
 * Page budget: the server-rendered home page `/` of the built app (build/server/index.js, with its
 * loaders on the demo data) versus a tiny React component rendered by bare Fastify. Target: ≥ 0.5.
 * Measured twice, as production runs it and without help: `cached` is the product as deployed, its
 * 5-second micro-cache for anonymous pages on (server/http/page-cache.ts: the page stored with its
 * brotli and gzip twins, its inline scripts allowed by hash), so nearly every answer is a hit;
 * `cold` switches the micro-cache off (PAGE_CACHE_SECONDS=0), so every answer runs the loaders and
 * renders. Both sides get a browser's request headers (Accept-Encoding included: every browser
 * sends it). The check is the cached one (what learners get); the cold ratio is printed with it
 * (docs/decisions/0006-speed-targets.md).
 */
import {
  BROWSER_PAGE_HEADERS,
  fetchChecked,
  wireBytes,
  withServers,
  type Check,
  type ReportBenchmark,
} from './lib/bench.ts';
import { comparisonVerdict, formatComparison } from './lib/format.ts';
import { compareAlternating, type Comparison } from './lib/measure.ts';

const TARGET = 0.5;

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
        lines.push(
          `GET / ${mode === 'cached' ? 'with the micro-cache (as deployed)' : 'without the micro-cache (every answer rendered)'}`,
          ...formatComparison(comparison, TARGET, [
            `home page ${real.bytes} B (${wire.bytes} B sent, ${wire.encoding}), tiny page ${bare.bytes} B`,
          ]),
          '',
        );
        await product.stop();
      }
      const { cached, cold } = ratios as Record<'cached' | 'cold', Comparison>;
      const verdicts = [comparisonVerdict(cached, TARGET), comparisonVerdict(cold, 0)];
      const checks: Check[] = [
        {
          label: 'home (micro-cached; cold)',
          value: `${cached.ratio.toFixed(3)}; ${cold.ratio.toFixed(3)}`,
          target: `≥ ${TARGET} (cached)`,
          verdict: verdicts.includes('ERROR') ? 'ERROR' : verdicts[0]!,
        },
      ];
      lines.pop();
      return { lines, checks };
    }),
};
