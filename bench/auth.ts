/**
 * Sign-in budget: `POST /api/user/login.json` on the real app versus bare Fastify doing only the
 * argon2id verification of the same hash. Learners sign in as they do in real life: each from their
 * own phone (a device cookie the account has signed in on before) and their own address, so the
 * password-guessing limits count the attempts without refusing them. The app parses, validates,
 * checks the limits, looks the learner up, verifies the hash, opens a session, signs a JWT and sets
 * cookies. Target: ≥ 0.8 — a sign-in adds little beyond the hash.
 */
import { DEMO_PASSWORD } from '../tests/factories/accounts.ts';
import { withServers, type Benchmark } from './lib/bench.ts';
import { compareAlternating, type Target } from './lib/measure.ts';
import { signInPhone } from './lib/sign-in-data.ts';

const PATH = '/api/user/login.json';
/** Learners signing in in turn: twice the connections, so one device is seldom in flight twice. */
const learnersFor = (connections: number) => 2 * connections;

type Variant = NonNullable<Target['variants']>[number];

function learnerSignIn(index: number): Variant {
  return {
    json: { username: signInPhone(index), password: DEMO_PASSWORD },
    headers: {
      cookie: `kt_device=bench-auth-device-${String(index).padStart(4, '0')}`,
      'x-forwarded-for': `10.18.${(index >> 8) & 255}.${index & 255}`,
    },
  };
}

async function signIn(origin: string, variant: Variant): Promise<void> {
  const answer = await fetch(origin + PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...variant.headers },
    body: JSON.stringify(variant.json),
  });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${await answer.text()}`);
}

export const authBenchmark: Benchmark = {
  name: 'auth',
  title: `POST ${PATH}: real login vs bare Fastify verifying the same argon2id hash`,
  target: 0.8,
  needsBuild: false,
  run: (settings) =>
    withServers(settings, async (start) => {
      const learners = learnersFor(settings.connections);
      const product = await start('product', { pages: false, signIns: { learners } });
      const variants = Array.from({ length: learners }, (_, index) => learnerSignIn(index));
      // The first sign-in on each phone makes it a known device of its learner.
      for (const variant of variants) await signIn(product.origin, variant);
      const baseline = await start('bare-argon2', { path: PATH, password: DEMO_PASSWORD });
      await signIn(baseline.origin, variants[0]!);

      const comparison = await compareAlternating(
        { ...baseline.target(PATH), json: variants[0]!.json, variants },
        { ...product.target(PATH), json: variants[0]!.json, variants },
        settings,
      );
      return {
        comparison,
        notes: [
          'argon2id m=19456 KiB, t=2, p=1 on both sides; 4 libuv threads each',
          `${learners} learners in turn, each on a known device from an address of their own`,
        ],
      };
    }),
};
