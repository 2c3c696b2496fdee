/**
 * E-invoices on the real payment path (MoMo IPN through the simulator's signing keys), the real job
 * queue and the invoice provider simulator: one invoice per paid order whatever replays or races
 * the payment notice, numbers without gaps, none for a free order, an adjustment on refund, a
 * refusing provider retried by the job, company details checked, the PDF for its owner only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator, type Shopper } from '../../tests/helpers/commerce.ts';
import { waitFor } from '../../tests/helpers/private-servers.ts';
import { contestHelpers } from '../../tests/helpers/exam-contests.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { signMomoResult } from '../payments/momo.ts';
import { MOMO_SANDBOX } from '../payments/payments.config.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { INVOICE_RETRY_DELAY_SECONDS: '1', INVOICE_VAT_RATE: '8' } });
});
afterAll(async () => {
  await t.close();
});

const momo = { endpoint: '', ...MOMO_SANDBOX };

/** The MoMo IPN of a paid order (what the gateway would send, signed with the sandbox keys). */
function paidNotice(code: string, amount: number) {
  const requestId = `${code}01`;
  return signMomoResult(momo, {
    partnerCode: 'MOMO',
    orderId: requestId,
    requestId,
    amount: String(amount),
    orderInfo: 'x',
    orderType: 'momo_wallet',
    transId: String(Date.now()),
    resultCode: '0',
    message: 'ok',
    payType: 'qr',
    responseTime: '1',
    extraData: '',
  });
}

const ipn = (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/payment/momo/ipn', payload, remoteAddress: nextClientAddress() });

async function placeOrder(price: number, extra: Record<string, unknown> = {}, shopper?: Shopper) {
  const buyer = shopper ?? (await createShopper(t));
  const course = await createPaidCourse(t.db, price);
  await buyer.addToCart(course.podId);
  const response = await buyer.call('POST', '/api/user/order.json', { payment_method: 'momo', ...extra });
  expect(response.statusCode).toBe(201);
  const { order, payment_url } = response.json().data as {
    order: { code: string; total: number };
    payment_url: string;
  };
  return { shopper: buyer, code: order.code, total: order.total, paymentUrl: payment_url };
}

const invoicesOf = (code: string) =>
  t.db.selectFrom('invoices').selectAll().where('order_code', '=', code).orderBy('id').execute();

async function issued(code: string, kind: 'original' | 'adjustment' = 'original') {
  await waitFor(
    async () => (await invoicesOf(code)).some((row) => row.kind === kind && row.state === 'issued'),
    `the ${kind} invoice of ${code}`,
  );
  return (await invoicesOf(code)).find((row) => row.kind === kind)!;
}

describe('issue at payment', () => {
  it('issues exactly one invoice per paid order under replayed and racing notices, numbered without gaps', async () => {
    const first = await placeOrder(300_000);
    const second = await placeOrder(450_000);
    const notices = [paidNotice(first.code, 300_000), paidNotice(second.code, 450_000)];
    // Both orders complete at once, each notice three times (two racing, one replayed later).
    const answers = await Promise.all([...notices, ...notices].map(ipn));
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    await ipn(notices[0]!);
    const a = await issued(first.code);
    const b = await issued(second.code);
    await ipn(notices[1]!);
    expect(await invoicesOf(first.code)).toHaveLength(1);
    expect(await invoicesOf(second.code)).toHaveLength(1);
    expect(a).toMatchObject({ template: '1', total: 300_000, vat_rate: 8, vat: 22_222, amount_before_vat: 277_778 });
    expect(a.series).toMatch(/^C\d{2}TKT$/);
    expect(a.lookup_code).toMatch(/^[A-Z2-9]{12}$/);
    expect(a.buyer_kind).toBe('personal');
    expect(a.buyer_name).toBe(first.shopper.user.full_name);
    expect(a.attempts).toBe(1);
    expect([a.number, b.number].sort()).toEqual([1, 2]);
    // The learner sees it in the order.
    const mine = (await first.shopper.call('GET', `/api/user/order/invoices.json?code=${first.code}`)).json().data;
    expect(mine).toEqual([
      expect.objectContaining({
        state: 'issued',
        state_label: 'Đã xuất hóa đơn',
        number: a.number,
        pdf_url: `/api/user/invoice/${a.id}/pdf`,
      }),
    ]);
  });

  it('issues none for a free order', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db, 200_000);
    await shopper.addToCart(course.podId);
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 100, quantity: 5 });
    const placed = await shopper.checkout('free', promotion.code);
    expect(placed.json().data.order.status).toBe('completed');
    expect(await invoicesOf(placed.json().data.order.code)).toHaveLength(0);
  });

  it('serves the PDF to the order owner only', async () => {
    const { code, shopper } = await placeOrder(120_000);
    await ipn(paidNotice(code, 120_000));
    const invoice = await issued(code);
    const pdf = await shopper.call('GET', `/api/user/invoice/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await createShopper(t);
    expect((await stranger.call('GET', `/api/user/invoice/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/user/order/invoices.json?code=${code}`)).json().data).toEqual([]);
  });
});

describe("the simulator's numbering", () => {
  it('gives racing requests consecutive numbers, and a repeated request key its first answer, without gaps', async () => {
    const simulator = t.services.invoiceSimulator!;
    const draft = (key: string) => ({
      requestKey: key,
      template: '2',
      series: 'C26TZZ',
      issuedAt: new Date(),
      seller: { name: 'Người bán', taxCode: '0109999999', address: 'Hà Nội' },
      buyer: { kind: 'personal' as const, name: 'Người mua', phone: null, taxCode: null, address: null, email: null },
      lines: [{ name: 'Khóa học', amount: 100_000 }],
      amountBeforeVat: 100_000,
      vatRate: 0,
      vat: 0,
      total: 100_000,
    });
    const keys = Array.from({ length: 8 }, (_, index) => `race-${index}`);
    // Each key twice at once: a replay must not take a second number (a loser may fail and be retried).
    const answers = await Promise.allSettled([...keys, ...keys].map((key) => simulator.issue(draft(key))));
    const numbers = new Map<string, Set<number>>();
    answers.forEach((answer, index) => {
      if (answer.status !== 'fulfilled') return;
      const key = keys[index % keys.length]!;
      numbers.set(key, (numbers.get(key) ?? new Set()).add(answer.value.number));
    });
    for (const key of keys)
      if (!numbers.has(key)) numbers.set(key, new Set([(await simulator.issue(draft(key))).number]));
    expect([...numbers.values()].every((set) => set.size === 1)).toBe(true);
    expect([...numbers.values()].map((set) => [...set][0]).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const sequence = await t.db
      .selectFrom('invoice_sequences')
      .select('last_number')
      .where('template', '=', '2')
      .where('series', '=', 'C26TZZ')
      .executeTakeFirstOrThrow();
    expect(sequence.last_number).toBe(8);
  });
});

describe('a refusing provider', () => {
  it('records the failure, shows it as being issued again, and the job retries until it is issued', async () => {
    const { code, shopper } = await placeOrder(200_000);
    t.services.invoiceSimulator!.failNext(2, 'Máy chủ hóa đơn bảo trì');
    await ipn(paidNotice(code, 200_000));
    await waitFor(async () => (await invoicesOf(code))[0]?.state === 'failed', 'the failed invoice');
    const failed = (await shopper.call('GET', `/api/user/order/invoices.json?code=${code}`)).json().data[0];
    expect(failed).toMatchObject({
      state: 'failed',
      state_label: 'Hóa đơn đang được xuất lại',
      number: null,
      pdf_url: null,
    });
    expect((await invoicesOf(code))[0]!.last_error).toBe('Máy chủ hóa đơn bảo trì');
    const invoice = await issued(code);
    expect(invoice.attempts).toBe(3);
    expect(invoice.last_error).toBeNull();
  });
});

describe('the studio', () => {
  const { staff, call } = contestHelpers(() => t);

  it('lists failed invoices first with their error, and "Xuất lại" (admins) sends one again', async () => {
    const [admin, editor] = [await staff('admin'), await staff('editor')];
    const { code } = await placeOrder(90_000);
    t.services.invoiceSimulator!.failNext(1_000, 'Chứng thư số của người bán đã hết hạn');
    await ipn(paidNotice(code, 90_000));
    await waitFor(async () => (await invoicesOf(code))[0]?.state === 'failed', 'the failed invoice');
    const listed = await call(editor, 'GET', '/api/admin/invoices.json');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().failed).toBe(1);
    expect(listed.json().data[0]).toMatchObject({
      order_code: code,
      state: 'failed',
      last_error: 'Chứng thư số của người bán đã hết hạn',
    });
    const onlyFailed = (await call(editor, 'GET', '/api/admin/invoices.json?state=failed')).json().data;
    expect(onlyFailed.map((row: { order_code: string }) => row.order_code)).toEqual([code]);
    expect((await call(null, 'GET', '/api/admin/invoices.json')).statusCode).toBe(401);
    const id = (await invoicesOf(code))[0]!.id;
    expect((await call(editor, 'POST', '/api/admin/invoices/reissue.json', { id })).statusCode).toBe(403);
    t.services.invoiceSimulator!.failNext(0);
    expect((await call(admin, 'POST', '/api/admin/invoices/reissue.json', { id })).statusCode).toBe(200);
    expect((await issued(code)).last_error).toBeNull();
    const again = await call(admin, 'POST', '/api/admin/invoices/reissue.json', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Hóa đơn này đã được xuất.');
  });
});

describe('refund', () => {
  it('issues an adjustment reducing the original by what went back', async () => {
    const { code, shopper, paymentUrl } = await placeOrder(500_000);
    // Paid through the gateway simulator, which then knows the transaction it refunds.
    expect((await decideOnSimulator(t, paymentUrl, 'approve')).statusCode).toBe(302);
    const original = await issued(code);
    await t.services.refunds.refundOrder({ code, amount: 200_000, reason: 'Học viên đổi ý', actor: 'cli:test' });
    const adjustment = await issued(code, 'adjustment');
    expect(adjustment).toMatchObject({
      original_id: original.id,
      total: -200_000,
      vat: -14_815,
      amount_before_vat: -185_185,
      series: original.series,
    });
    expect(adjustment.number).toBeGreaterThan(original.number!);
    const pdf = await shopper.call('GET', `/api/user/invoice/${adjustment.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});

describe('company invoice at checkout', () => {
  it('refuses a malformed tax code and missing details with Vietnamese messages', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db, 100_000);
    await shopper.addToCart(course.podId);
    const refused = await shopper.call('POST', '/api/user/order.json', {
      payment_method: 'momo',
      invoice: { tax_code: '01012345', company_name: ' ', address: '', email: 'khong-phai-email' },
    });
    expect(refused.statusCode).toBe(400);
    const fields = refused.json().error.fields as Record<string, string>;
    expect(Object.values(fields)).toEqual(
      expect.arrayContaining([
        'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số với chi nhánh (ví dụ 0101234567-001).',
        'Vui lòng nhập tên công ty.',
        'Vui lòng nhập địa chỉ công ty.',
        'Email nhận hóa đơn không hợp lệ.',
      ]),
    );
  });

  it('issues the invoice to the company (a branch tax code)', async () => {
    const invoice = {
      tax_code: '0101234567-001',
      company_name: 'Công ty TNHH Học Liệu Sao Mai',
      address: '12 Lê Lợi, phường Bến Thành, TP. Hồ Chí Minh',
      email: 'ketoan@saomai.vn',
    };
    const { code } = await placeOrder(250_000, { invoice });
    await ipn(paidNotice(code, 250_000));
    expect(await issued(code)).toMatchObject({
      buyer_kind: 'company',
      buyer_tax_code: '0101234567-001',
      buyer_name: 'Công ty TNHH Học Liệu Sao Mai',
      buyer_address: invoice.address,
      buyer_email: 'ketoan@saomai.vn',
    });
  });
});
