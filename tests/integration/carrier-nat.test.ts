/**
 * Carrier-grade NAT (decision 0008): 500 different learners behind one public address sign up (with
 * the code from the outbox), sign in and check out within one minute, while 1,000 password guesses
 * at one account from that same address are all refused. Production-sized limits: the global
 * per-address limit is the configuration default, not the test suite's.
 *
 * "Within one minute": the clock the limits read (Date) stands still during the run, so every
 * request falls into the same limit windows — the hardest case for the limits, however long a
 * loaded machine takes to hash 1,000 passwords.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { PASSWORD_LIMITS } from '../../modules/accounts/sign-in-guard.ts';
import { DEVICE_COOKIE } from '../../modules/accounts/device-cookie.ts';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { readLatestCode } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const NAT_ADDRESS = '100.64.12.34';
const LEARNERS = 500;
const GUESSES = 1_000;

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: String(loadEnv({}).RATE_LIMIT_PER_MINUTE) } });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser behind the NAT: the shared address, its own device cookie once the server gives one. */
function browser() {
  let device: string | null = null;
  return async (method: 'POST' | 'PATCH', url: string, payload: object, token?: string) => {
    const response = await t.app.inject({
      method,
      url,
      payload,
      remoteAddress: NAT_ADDRESS,
      headers: {
        ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const given = [response.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
    if (given) device = given.slice(DEVICE_COOKIE.length + 1).split(';')[0]!;
    return response;
  };
}

/** Runs `count` tasks, `width` at a time. */
async function pool<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

describe('500 learners behind one carrier-NAT address', () => {
  it('all sign up, sign in and check out within a minute while 1,000 guesses at one account are refused', async () => {
    const course = await createPaidCourse(t.db, 199_000);
    await createUser(t.db, { phone: '84935999999' });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const started = Date.now();

    const learner = async (index: number) => {
      const call = browser();
      const phone = `09350${String(index).padStart(5, '0')}`;
      const password = `HocVien@${10_000 + index}`;
      const steps: Record<string, number> = {};
      const register = await call('POST', '/api/user/register.json', {
        username: phone,
        password,
        full_name: `Học viên ${index}`,
        accept_policy: true,
      });
      steps.register = register.statusCode;
      const code = await readLatestCode(t.db, `84${phone.slice(1)}`);
      const verified = await call('POST', '/api/user/verify_otp.json', {
        username: phone,
        otp: code,
        purpose: 'register',
      });
      steps.verify = verified.statusCode;
      const signedIn = await call('POST', '/api/user/login.json', { username: phone, password });
      steps.login = signedIn.statusCode;
      const token = signedIn.json().data?.token as string | undefined;
      steps.cart = (await call('PATCH', '/api/user/cart.json', { pod_id: course.podId }, token)).statusCode;
      const order = await call('POST', '/api/user/order.json', { payment_method: 'vnpay' }, token);
      steps.order = order.statusCode;
      steps.paymentUrl = String(order.json().data?.payment_url ?? '').includes('vnp_Amount=19900000') ? 1 : 0;
      return steps;
    };
    const guess = (index: number) =>
      browser()('POST', '/api/user/login.json', { username: '0935999999', password: `DoanMo@${index}` });

    const [learners, guesses] = await Promise.all([pool(LEARNERS, 16, learner), pool(GUESSES, 8, guess)]);
    // Nothing moved the limits' clock: all of it happened within one window of every limit.
    expect(Date.now() - started).toBe(0);
    vi.useRealTimers();

    const failedLearners = learners.filter(
      (steps) =>
        steps.register !== 201 ||
        steps.verify !== 200 ||
        steps.login !== 200 ||
        steps.cart !== 200 ||
        steps.order !== 201 ||
        steps.paymentUrl !== 1,
    );
    expect(failedLearners, JSON.stringify(failedLearners.slice(0, 3))).toEqual([]);
    const pending = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'pending')
      .where('total', '=', 199_000)
      .execute();
    expect(pending).toHaveLength(LEARNERS);

    const guessStatuses = new Map<number, number>();
    for (const response of guesses)
      guessStatuses.set(response.statusCode, (guessStatuses.get(response.statusCode) ?? 0) + 1);
    // No guess got in; only the per-address allowance was even checked against the password.
    expect(guessStatuses.get(200)).toBeUndefined();
    expect(guessStatuses).toEqual(
      new Map([
        [401, PASSWORD_LIMITS.address.hits],
        [429, GUESSES - PASSWORD_LIMITS.address.hits],
      ]),
    );

    // The account's owner, on their own known phone elsewhere, is not locked out.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/user/login_phone.json',
      payload: { username: '0935999999' },
      remoteAddress: '203.0.113.9',
    });
    expect(owner.statusCode).toBe(200);
    const code = await readLatestCode(t.db, '84935999999');
    const otpSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login_phone.json',
      payload: { username: '0935999999', otp: code },
      remoteAddress: '203.0.113.9',
    });
    expect(otpSignIn.statusCode).toBe(200);
  }, 600_000);
});
