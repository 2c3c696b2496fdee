/** The anonymous cart rides in an HttpOnly cookie token; at sign-in its lines join the learner's cart. */
import type { CartOwner, CartService } from './cart.service.ts';

export const CART_COOKIE = 'kt_cart';
const MAX_AGE_SECONDS = 30 * 86_400;

export function readCartToken(cookieHeader: string | null | undefined): string | undefined {
  const match = /(?:^|;\s*)kt_cart=([\w-]{16,64})(?:;|$)/.exec(cookieHeader ?? '');
  return match?.[1];
}

function cartCookie(value: string, maxAge: number, secure: boolean): string {
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Who owns the cart of this request, merging an anonymous cart into a signed-in learner's. With
 * `create`, an anonymous visitor without a token gets one. `setCookie` is the header to send, if any.
 */
export async function resolveCartOwner(
  cart: CartService,
  viewerId: number | undefined,
  cookieHeader: string | null | undefined,
  options: { create?: boolean; secure: boolean },
): Promise<{ owner: CartOwner; setCookie?: string }> {
  const token = readCartToken(cookieHeader);
  if (viewerId !== undefined) {
    if (!token) return { owner: { userId: viewerId } };
    await cart.mergeAnonymous(viewerId, token);
    return { owner: { userId: viewerId }, setCookie: cartCookie('', 0, options.secure) };
  }
  if (token) return { owner: { token } };
  if (!options.create) return { owner: {} };
  const fresh = cart.newToken();
  return { owner: { token: fresh }, setCookie: cartCookie(fresh, MAX_AGE_SECONDS, options.secure) };
}
