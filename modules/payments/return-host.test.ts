/**
 * Gateways bring the learner back to the host they browse under when it is allowed (ALLOWED_HOSTS),
 * so the session cookie is there; any other Host header gets PUBLIC_URL. IPNs always go to PUBLIC_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator, type Shopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function checkoutUnder(shopper: Shopper, host: string, method: string) {
  const course = await createPaidCourse(t.db, 150_000);
  await shopper.addToCart(course.podId);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/order.json',
    payload: { payment_method: method },
    headers: { ...shopper.session.bearer, host },
    remoteAddress: nextClientAddress(),
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().data as { order: { code: string }; payment_url: string };
}

const RETURN_PARAM: Record<string, string> = {
  vnpay: 'vnp_ReturnUrl',
  onepay_domestic: 'vpc_ReturnURL',
  onepay_international: 'vpc_ReturnURL',
};

describe.each(['vnpay', 'onepay_domestic', 'momo'])('%s', (method) => {
  it('returns to the allowed host the learner used, and completes the order through the IPN', async () => {
    const shopper = await createShopper(t);
    const { order, payment_url } = await checkoutUnder(shopper, '127.0.0.1:3000', method);
    // VNPay and OnePay carry the return URL in the payment URL itself (MoMo in its create request).
    const returnParam = RETURN_PARAM[method];
    if (returnParam)
      expect(new URL(payment_url).searchParams.get(returnParam)).toMatch(
        /^http:\/\/127\.0\.0\.1:3000\/api\/payment\/[\w-]+\/return$/,
      );
    const decided = await decideOnSimulator(t, payment_url, 'approve');
    expect(decided.statusCode).toBe(302);
    const back = new URL(String(decided.headers.location));
    expect(back.origin).toBe('http://127.0.0.1:3000');
    expect(back.pathname).toMatch(/^\/api\/payment\/[\w-]+\/return$/);
    const landed = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host: '127.0.0.1:3000' },
      remoteAddress: nextClientAddress(),
    });
    expect(landed.headers.location).toBe(`/tai-khoan/don-hang?ma=${order.code}&ket-qua=thanh-cong`);
    const details = await shopper.call('GET', `/api/user/order/details.json?code=${order.code}`);
    expect(details.json().data.status).toBe('completed');
  });

  it('returns to PUBLIC_URL for a host that is not allowed', async () => {
    const shopper = await createShopper(t);
    const { payment_url } = await checkoutUnder(shopper, 'evil.example', method);
    const decided = await decideOnSimulator(t, payment_url, 'cancel');
    expect(new URL(String(decided.headers.location)).origin).toBe('http://localhost:3000');
  });
});
