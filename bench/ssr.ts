/**
 * Page budget: the server-rendered home page `/` of the built app (build/server/index.js, with its
 * loaders on the demo data) versus a tiny React component rendered by bare Fastify. Target: ≥ 0.5.
 */
import { fetchChecked, withServers, type Benchmark } from './lib/bench.ts';
import { compareAlternating } from './lib/measure.ts';

export const ssrBenchmark: Benchmark = {
  name: 'ssr',
  title: 'GET / (home page SSR): real app vs bare Fastify + renderToString of a tiny component',
  target: 0.5,
  needsBuild: true,
  run: (settings) =>
    withServers(settings, async (start) => {
      const product = await start('product', { pages: true });
      const baseline = await start('bare-ssr', {});
      const real = await fetchChecked(`${product.origin}/`, 'text/html');
      const bare = await fetchChecked(`${baseline.origin}/`, 'text/html');
      if (!real.text.includes('<html lang="vi"')) throw new Error('The product did not render the home page.');

      const comparison = await compareAlternating(baseline.target('/'), product.target('/'), settings);
      return { comparison, notes: [`home page ${real.bytes} B, tiny page ${bare.bytes} B`] };
    }),
};
