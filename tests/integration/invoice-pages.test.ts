/**
 * E-invoices through the pages, as a browser without JavaScript uses them: the checkout's
 * "Xuất hóa đơn công ty" (Vietnamese errors, then the order placed with the company's details),
 * the order page's "Hóa đơn điện tử" block once the gateway simulator's payment arrives, and the
 * studio's list. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { getPage, signIn, submitForm } from '../helpers/auth.ts';
import { decideOnSimulator } from '../helpers/commerce.ts';
import { waitFor } from '../helpers/private-servers.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});
afterAll(async () => {
  await t?.close();
});

async function newUser(role: 'learner' | 'admin' = 'learner') {
  const user = await createUser(t.db, { role });
  const session = await signIn(t, user.phone!, user.password);
  return { user, cookie: session.cookie.cookie };
}

const COMPANY = {
  invoice_company: 'on',
  invoice_tax_code: '0312345678',
  invoice_company_name: 'Công ty TNHH Giáo dục Hoa Sen',
  invoice_address: '45 Nguyễn Huệ, phường Sài Gòn, TP. Hồ Chí Minh',
  invoice_email: '',
};

describe('company invoice at checkout and the invoice on the order page', () => {
  it('refuses a bad tax code in Vietnamese, then issues the invoice to the company and shows it', async () => {
    const { cookie } = await newUser();
    const course = await createPaidCourse(t.db, 350_000);
    expect((await getPage(t, `/gio-hang?pod=${course.podId}`, cookie)).statusCode).toBe(200);
    const form = await getPage(t, '/gio-hang/thanh-toan', cookie);
    expect(form.body).toContain('Xuất hóa đơn công ty');

    const refused = await submitForm(
      t,
      '/gio-hang/thanh-toan',
      { intent: 'pay', payment_method: 'momo', ...COMPANY, invoice_tax_code: '031234567' },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số');
    expect(refused.body).toContain('value="Công ty TNHH Giáo dục Hoa Sen"');

    const placed = await submitForm(
      t,
      '/gio-hang/thanh-toan',
      { intent: 'pay', payment_method: 'momo', ...COMPANY },
      cookie,
    );
    expect(placed.statusCode, placed.body.slice(0, 300)).toBe(302);
    await decideOnSimulator(t, String(placed.headers.location), 'approve');
    const order = (await t.db.selectFrom('orders').select('code').orderBy('id', 'desc').executeTakeFirstOrThrow()).code;
    await waitFor(
      async () =>
        (await t.db.selectFrom('invoices').select('state').where('order_code', '=', order).executeTakeFirst())
          ?.state === 'issued',
      'the invoice',
    );
    const page = await getPage(t, `/tai-khoan/don-hang?ma=${order}`, cookie);
    expect(page.body).toContain('Hóa đơn điện tử');
    expect(page.body).toContain('Đã xuất hóa đơn');
    expect(page.body).toContain('MST 0312345678');
    const invoice = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_code', '=', order)
      .executeTakeFirstOrThrow();
    expect(page.body).toContain(invoice.lookup_code!);
    expect(page.body).toContain(`href="/api/user/invoice/${invoice.id}/pdf"`);

    const admin = await newUser('admin');
    const studio = await getPage(t, '/studio/hoa-don', admin.cookie);
    expect(studio.statusCode).toBe(200);
    expect(studio.body).toContain(order);
    expect(studio.body).toContain('href="/studio/hoa-don"');
  });
});

describe('the demo', () => {
  it("shows the demo learner's paid order with its invoice, and the PDF downloads", async () => {
    const { cookie } = await signIn(t, '0912345678', 'KhaiTri@2026').then((session) => session.cookie);
    const invoice = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('lookup_code', '=', 'KT8M2QX7RJ4P')
      .executeTakeFirstOrThrow();
    const page = await getPage(t, `/tai-khoan/don-hang?ma=${invoice.order_code}`, cookie);
    expect(page.body).toContain('Hóa đơn điện tử');
    expect(page.body).toContain('KT8M2QX7RJ4P');
    const pdf = await t.app.inject({ method: 'GET', url: `/api/user/invoice/${invoice.id}/pdf`, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
