/**
 * Sign-in budget: `POST /api/user/login.json` on the real app (the seeded learner, right password:
 * parse, validate, look up, argon2id verify, open a session, sign a JWT, set cookies) versus bare
 * Fastify doing only the argon2id verification of the same hash. Target: ≥ 0.8 — our login adds
 * little beyond the hash.
 */
import { withServers, type Benchmark } from './lib/bench.ts';
import { compareAlternating } from './lib/measure.ts';

const PATH = '/api/user/login.json';
const CREDENTIALS = { username: '0912345678', password: 'KhaiTri@2026' };

export const authBenchmark: Benchmark = {
  name: 'auth',
  title: `POST ${PATH}: real login vs bare Fastify verifying the same argon2id hash`,
  target: 0.8,
  needsBuild: false,
  run: (settings) =>
    withServers(settings, async (start) => {
      const product = await start('product', { pages: false });
      const login = await fetch(product.origin + PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CREDENTIALS),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
      const baseline = await start('bare-argon2', { path: PATH, password: CREDENTIALS.password });
      const check = await fetch(baseline.origin + PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CREDENTIALS),
      });
      if (check.status !== 200) throw new Error(`the baseline refused the password: ${check.status}`);

      const comparison = await compareAlternating(
        { ...baseline.target(PATH), json: CREDENTIALS },
        { ...product.target(PATH), json: CREDENTIALS },
        settings,
      );
      return { comparison, notes: ['argon2id m=19456 KiB, t=2, p=1 on both sides; 4 libuv threads each'] };
    }),
};
