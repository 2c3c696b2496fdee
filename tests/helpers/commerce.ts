/** Driving the shop through its API in integration tests. */
import { createUser } from '../factories/accounts.ts';
import { nextClientAddress, signIn } from './auth.ts';
import type { TestContext } from './test-app.ts';

export type Shopper = Awaited<ReturnType<typeof createShopper>>;

export async function createShopper(t: TestContext, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  const session = await signIn(t, user.phone ?? user.email!, user.password);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: session.bearer,
      remoteAddress: nextClientAddress(),
      ...(payload ? { payload } : {}),
    });
  return {
    user,
    session,
    call,
    addToCart: (podId: number) => call('PATCH', '/api/user/cart.json', { pod_id: podId }),
    checkout: (payment_method: string, promotion_code?: string) =>
      call('POST', '/api/user/order.json', { payment_method, ...(promotion_code ? { promotion_code } : {}) }),
  };
}

/**
 * Follows the simulator's decision link for a payment URL (the IPN is sent, the browser redirected);
 * with `lostIpn` the gateway records the decision but its notification never arrives.
 */
export async function decideOnSimulator(
  t: TestContext,
  paymentUrl: string,
  decision: 'approve' | 'decline' | 'cancel',
  options: { lostIpn?: boolean } = {},
) {
  const url = new URL(paymentUrl);
  const decidePath = url.pathname.endsWith('/pay')
    ? url.pathname.replace(/\/pay$/, '/decide')
    : `${url.pathname}/decide`;
  const query = new URLSearchParams(url.search);
  query.set('decision', decision);
  if (options.lostIpn) query.set('ipn', 'lost');
  return t.app.inject({ method: 'GET', url: `${decidePath}?${query.toString()}`, remoteAddress: nextClientAddress() });
}

/** Opens a gateway payment page, as the learner's browser does (the gateway now knows the attempt). */
export function openOnSimulator(t: TestContext, paymentUrl: string) {
  const url = new URL(paymentUrl);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, remoteAddress: nextClientAddress() });
}
