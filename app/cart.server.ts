/** The cart from the pages: whose it is (an anonymous visitor's rides in a cookie) and putting a package in. */
import { redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { isAppError } from '../lib/errors';
import { CART_MESSAGES } from '../modules/cart/cart.service';
import { resolveCartOwner } from '../modules/cart/cart-cookie';
import { formError } from './forms.server';

export const CHECKOUT_PATH = '/gio-hang/thanh-toan';
/** The cart page after a line was added: it says so. */
export const ADDED_PATH = '/gio-hang?da-them=1';

const podField = z.coerce.number().int().min(1).max(2_147_483_647);

/** The cart of this request; with `create`, an anonymous visitor without one gets a cookie (`setCookie`). */
export function pageCartOwner(request: Request, context: AppLoadContext, create: boolean) {
  return resolveCartOwner(context.services.cart, context.viewer?.id, request.headers.get('cookie'), {
    create,
    secure: context.services.web.secureCookies,
  });
}

/**
 * The course page's "Thêm vào giỏ hàng" (then the cart) and "Mua ngay" (then the checkout, through the
 * sign-in page when signed out) with the package the learner chose. A refusal stays on the course page.
 * For "Mua ngay" the same package already in the cart is no refusal: the learner goes on to pay for it.
 */
export async function putChosenPackage(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  intent: 'buy' | 'add',
) {
  const pod = podField.safeParse(form.get('pod_id'));
  if (!pod.success) {
    const message = 'Vui lòng chọn gói học.';
    return formError({ message, fields: { pod_id: message }, values: {} }, {}, 400, intent);
  }
  const { owner, setCookie } = await pageCartOwner(request, context, true);
  const headers = new Headers();
  if (setCookie) headers.append('Set-Cookie', setCookie);
  try {
    await context.services.cart.add(owner, pod.data);
  } catch (error) {
    const alreadyThere = isAppError(error) && error.message === CART_MESSAGES.duplicate && intent === 'buy';
    if (!alreadyThere) {
      if (!isAppError(error)) throw error;
      return formError({ message: error.message, fields: error.fields ?? {}, values: {} }, {}, error.status, intent);
    }
  }
  if (intent === 'add') throw redirect(ADDED_PATH, { headers });
  const target = context.viewer ? CHECKOUT_PATH : `/dang-nhap?redirect=${encodeURIComponent(CHECKOUT_PATH)}`;
  throw redirect(target, { headers });
}
