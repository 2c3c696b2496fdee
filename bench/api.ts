/**
 * JSON API budget: `GET /api/user/navigation.json` on the real app versus bare Fastify serving the
 * very same object (taken from the real answer once). Target: ≥ 0.6 of the baseline's req/s.
 */
import { fetchChecked, withServers, type Benchmark } from './lib/bench.ts';
import { compareAlternating } from './lib/measure.ts';

const PATH = '/api/user/navigation.json';

export const apiBenchmark: Benchmark = {
  name: 'api',
  title: `GET ${PATH}: real app vs bare Fastify sending the same JSON`,
  target: 0.6,
  needsBuild: false,
  run: (settings) =>
    withServers(settings, async (start) => {
      const product = await start('product', { pages: false });
      const real = await fetchChecked(product.origin + PATH, 'application/json');
      const baseline = await start('bare-json', { path: PATH, body: JSON.parse(real.text) as unknown });
      const bare = await fetchChecked(baseline.origin + PATH, 'application/json');
      if (bare.text !== real.text) throw new Error('The baseline does not send the same JSON as the product.');

      const comparison = await compareAlternating(baseline.target(PATH), product.target(PATH), settings);
      return { comparison, notes: [`body ${real.bytes} B on both sides`] };
    }),
};
