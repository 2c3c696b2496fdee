import { data, Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { isAppError } from '../../lib/errors';
import { formatMoney } from '../../lib/format/money';
import { pageCartOwner } from '../cart.server';
import { FormMessage } from '../components/form-field';
import { PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/cart';

const podParam = z.coerce.number().int().min(1).max(2_147_483_647);
const ADDED_NOTICE = 'Đã thêm khóa học vào giỏ hàng.';

/**
 * `/gio-hang?pod=…` (a link to a package) adds that package, then shows the cart; `?da-them=1` is the
 * cart after the course page's "Thêm vào giỏ hàng" added one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pod = podParam.safeParse(url.searchParams.get('pod'));
  const headers = new Headers();
  const { owner, setCookie } = await pageCartOwner(request, context, pod.success);
  if (setCookie) headers.append('Set-Cookie', setCookie);
  let notice: string | null = url.searchParams.has('da-them') ? ADDED_NOTICE : null;
  let error: string | null = null;
  if (pod.success) {
    try {
      await context.services.cart.add(owner, pod.data);
      notice = ADDED_NOTICE;
    } catch (caught) {
      if (!isAppError(caught)) throw caught;
      error = caught.message;
    }
  }
  const cart = await context.services.cart.view(owner);
  if (cart.items.length === 0) notice = null;
  // The header's count follows this page's own lines (its loader may have just added one).
  return data({ cart, notice, error, signedIn: Boolean(context.viewer), cartCount: cart.items.length }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const pod = podParam.safeParse(form.get('pod_id'));
  const { owner } = await pageCartOwner(request, context, false);
  if (pod.success) await context.services.cart.remove(owner, pod.data).catch(() => undefined);
  return redirect('/gio-hang');
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giỏ hàng' });

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, notice, error, signedIn } = loaderData;
  return (
    <PageFrame title="Giỏ hàng">
      <FormMessage message={error ?? undefined} />
      <FormMessage message={notice ?? undefined} tone="success" />
      {cart.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          <p className="mb-4">Giỏ hàng của bạn đang trống.</p>
          <Link to="/khoa-hoc" className="btn-primary inline-flex">
            Khám phá khóa học
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <ul
            className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
            aria-label="Các khóa học trong giỏ"
          >
            {cart.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <Link to={`/khoa-hoc/${item.course.slug}`} className="font-semibold text-slate-900 hover:underline">
                    {item.course.title}
                  </Link>
                  <p className="text-sm text-slate-600">{item.package_label}</p>
                </div>
                <span className="font-semibold">{formatMoney(item.price, item.pod.cycle)}</span>
                <Form method="post">
                  <input type="hidden" name="pod_id" value={item.pod_id} />
                  <button
                    type="submit"
                    className="-my-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm text-red-700 hover:bg-red-50 hover:underline"
                    aria-label={`Xóa ${item.course.title} khỏi giỏ`}
                  >
                    Xóa
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-4">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>Tạm tính ({cart.items.length} khóa học)</dt>
                <dd>{formatMoney(cart.subtotal)}</dd>
              </div>
              <div className="flex justify-between text-base font-bold">
                <dt>Tổng cộng</dt>
                <dd data-testid="cart-total">{formatMoney(cart.total)}</dd>
              </div>
            </dl>
            <Link
              to={
                signedIn ? '/gio-hang/thanh-toan' : `/dang-nhap?redirect=${encodeURIComponent('/gio-hang/thanh-toan')}`
              }
              className="btn-primary mt-4 w-full"
            >
              Thanh toán
            </Link>
          </aside>
        </div>
      )}
    </PageFrame>
  );
}
