import { data, Form, Link, redirectDocument, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatAmount, formatMoney } from '../../lib/format/money';
import { resolveCartOwner } from '../../modules/cart/cart-cookie';
import { CarrierChoice } from '../components/carrier-disclosure';
import { FormField, FormMessage } from '../components/form-field';
import { GatewayChoices } from '../components/payment-methods';
import { InvoiceRequestFields } from '../components/invoice-request';
import { PageFrame } from '../components/page-frame';
import { keepValues, parseForm, runForm, formError, isFormState } from '../forms.server';
import { loginRedirectTarget, requireViewer } from '../guards.server';
import { INVOICE_FORM_FIELDS, readInvoiceRequest } from '../invoice-request.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/checkout';

const METHODS = [
  { value: 'momo', label: 'Ví MoMo' },
  { value: 'vnpay', label: 'VNPay (QR, thẻ ATM, ví)' },
  { value: 'zalopay', label: 'Ví ZaloPay' },
  { value: 'onepay_domestic', label: 'Thẻ ATM nội địa (OnePay)' },
  { value: 'onepay_international', label: 'Thẻ quốc tế Visa/Master/JCB (OnePay)' },
  { value: 'vietqr', label: 'Chuyển khoản ngân hàng (VietQR)' },
] as const;

const checkoutForm = z.object({
  intent: z.enum(['check', 'pay']),
  promotion_code: z.string().trim().max(50, 'Mã giảm giá không hợp lệ').optional(),
  payment_method: z
    .enum(['momo', 'vnpay', 'zalopay', 'onepay_domestic', 'onepay_international', 'vietqr', 'carrier', 'free'])
    .optional(),
  consent: z.literal('on').optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const available = new Set<string>(context.services.payments.gateways.keys());
  // Bank transfers are no gateway: offered when an account is configured (modules/transfers).
  if (context.services.paymentsConfig.vietqr && context.services.transfers) available.add('vietqr');
  const methods = METHODS.filter((method) => available.has(method.value));
  const empty = { items: [], subtotal: 0, total: 0 };
  // Anonymous visitors and empty carts get the page with a way forward (the app's web view opens it directly).
  if (!context.viewer) return { cart: empty, methods, carrier: null, loginUrl: loginRedirectTarget(request) };
  // Straight from the login page (the cart's "Thanh toán" when signed out): the anonymous cart joins first.
  const { owner, setCookie } = await resolveCartOwner(
    context.services.cart,
    context.viewer.id,
    request.headers.get('cookie'),
    { secure: context.services.web.secureCookies },
  );
  const cart = await context.services.cart.view(owner);
  // Carrier billing: one package sold by SMS in the cart; its disclosure comes before consent.
  const only = cart.items.length === 1 ? cart.items[0]! : null;
  const disclosure = only ? await context.services.subscriptions.offer(only.pod.id) : null;
  const carrier = disclosure ? { disclosure, smsOnly: only!.pod.payment_type === 'sms' } : null;
  return data(
    // A company invoice is offered only where invoices are issued (a provider is configured).
    { cart, methods, carrier, loginUrl: null, invoicing: context.services.invoices.enabled },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const values = keepValues(form, ['promotion_code', 'payment_method', 'consent', ...INVOICE_FORM_FIELDS]);
  const input = parseForm(checkoutForm, Object.fromEntries(form));
  if (isFormState(input)) return formError(input, values);
  const code = input.promotion_code || undefined;
  if (input.intent === 'check') {
    if (!code) return formError({ message: 'Vui lòng nhập mã giảm giá.', fields: {}, values }, values);
    return runForm(
      values,
      async () => ({ quote: await context.services.orders.quotePromotion(viewer.id, code), values }),
      'check',
    );
  }
  if (!input.payment_method)
    return formError({ message: 'Vui lòng chọn phương thức thanh toán.', fields: {}, values }, values);
  const method = input.payment_method;
  const invoice = readInvoiceRequest(form);
  if (isFormState(invoice)) return formError(invoice, values);
  return runForm(values, async () => {
    const placed = await context.services.orders.place(
      viewer.id,
      { payment_method: method, promotion_code: code, consent: input.consent === 'on', invoice },
      context.clientIp,
      request.headers.get('cookie') ?? undefined,
      context.origin,
    );
    if (method === 'carrier') {
      // The operator has not confirmed the charge yet: the page says the answer will follow.
      const outcome = 'notice' in placed && placed.notice ? 'dang-xac-nhan' : 'thanh-cong';
      throw redirectDocument(`${context.services.subscriptions.page}?dang-ky=${outcome}`);
    }
    throw redirectDocument(
      'payment_url' in placed && placed.payment_url
        ? placed.payment_url
        : `/tai-khoan/don-hang?ma=${placed.order.code}`,
    );
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Thanh toán' });

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, methods, carrier, loginUrl } = loaderData;
  const invoicing = 'invoicing' in loaderData && loaderData.invoicing;
  const busy = useNavigation().state !== 'idle';
  const quote = actionData && 'quote' in actionData ? actionData.quote : null;
  const failure = actionData && 'message' in actionData ? actionData : null;
  const values = (actionData && 'values' in actionData ? actionData.values : {}) as Record<string, string>;
  if (loginUrl || cart.items.length === 0) {
    return (
      <PageFrame title="Thanh toán" crumbs={[{ label: 'Giỏ hàng', to: '/gio-hang' }]}>
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          <p className="mb-4">{loginUrl ? 'Vui lòng đăng nhập để thanh toán.' : 'Giỏ hàng của bạn đang trống.'}</p>
          <Link to={loginUrl ?? '/khoa-hoc'} className="btn-primary inline-flex">
            {loginUrl ? 'Đăng nhập' : 'Khám phá khóa học'}
          </Link>
        </div>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Thanh toán" crumbs={[{ label: 'Giỏ hàng', to: '/gio-hang' }]}>
      <Form method="post" className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <section className="rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="mb-2 font-semibold">Đơn hàng</h2>
            <ul className="divide-y divide-slate-100 text-sm">
              {cart.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {item.course.title} <span className="text-slate-600">· {item.package_label}</span>
                  </span>
                  <span className="font-semibold">{formatMoney(item.price, item.pod.cycle)}</span>
                </li>
              ))}
            </ul>
          </section>
          <fieldset className="rounded-2xl border border-slate-200 bg-white p-4">
            <legend className="px-1 font-semibold">Phương thức thanh toán</legend>
            <GatewayChoices
              methods={methods}
              total={quote?.total ?? cart.total}
              selected={values.payment_method}
              preferNone={carrier?.smsOnly}
            />
            {carrier ? (
              <CarrierChoice
                disclosure={carrier.disclosure}
                checked={values.payment_method ? values.payment_method === 'carrier' : carrier.smsOnly}
                consented={values.consent === 'on'}
                error={failure?.fields.consent}
              />
            ) : null}
          </fieldset>
          {invoicing ? <InvoiceRequestFields values={values} errors={failure?.fields} /> : null}
        </div>
        <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-4">
          <FormMessage message={failure?.message} fields={failure?.fields} />
          <FormMessage
            message={
              quote
                ? quote.discount > 0
                  ? `Áp dụng ${quote.name}: giảm ${formatAmount(quote.discount)}.`
                  : `Mã ${quote.code} hợp lệ nhưng không giảm thêm cho giỏ hàng này.`
                : undefined
            }
            tone="success"
          />
          <FormField
            label="Mã giảm giá"
            name="promotion_code"
            defaultValue={values.promotion_code ?? ''}
            autoComplete="off"
            error={failure?.fields.promotion_code}
          />
          <button
            type="submit"
            name="intent"
            value="check"
            className="mb-4 w-full rounded-xl border border-brand-600 px-4 py-2 font-semibold text-brand-700"
          >
            Áp dụng mã
          </button>
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Tạm tính</dt>
              <dd>{formatMoney(cart.subtotal)}</dd>
            </div>
            {quote && quote.discount > 0 ? (
              <div className="flex justify-between">
                <dt>Giảm giá ({quote.code})</dt>
                <dd data-testid="checkout-discount">-{formatAmount(quote.discount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-base font-bold">
              <dt>Tổng thanh toán</dt>
              <dd data-testid="checkout-total">{formatMoney(quote?.total ?? cart.total)}</dd>
            </div>
          </dl>
          <button type="submit" name="intent" value="pay" className="btn-primary mt-4 w-full" disabled={busy}>
            {busy ? 'Đang xử lý…' : 'Thanh toán'}
          </button>
          <p className="mt-2 text-xs text-slate-600">
            {carrier
              ? 'Với ví và thẻ, bạn sẽ được chuyển tới cổng thanh toán.'
              : 'Bạn sẽ được chuyển tới cổng thanh toán.'}{' '}
            <Link to="/gio-hang" className="underline">
              Quay lại giỏ hàng
            </Link>
          </p>
        </aside>
      </Form>
    </PageFrame>
  );
}
