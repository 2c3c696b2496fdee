/**
 * Without an invoice provider (production before a real driver exists) no invoice is promised: a
 * completed paid order gets none and nothing is queued.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { INVOICE_PROVIDER: 'none' } });
});
afterAll(async () => {
  await t.close();
});

it('issues no invoice and takes no company-invoice request when no provider is configured', async () => {
  expect(t.services.invoices.enabled).toBe(false);
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 199_000);
  await shopper.addToCart(course.podId);
  const placed = await shopper.call('POST', '/api/user/order.json', {
    payment_method: 'momo',
    invoice: { tax_code: '0101243150', company_name: 'Công ty TNHH Sách Bình Minh', address: 'Số 5 Lê Lợi, Huế' },
  });
  expect(placed.statusCode).toBe(201);
  const { id } = await t.db
    .selectFrom('orders')
    .select('id')
    .where('code', '=', placed.json().data.order.code)
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute((trx) => t.services.invoices.hooks.completed(trx, id));
  expect(await t.db.selectFrom('invoices').select('id').where('order_id', '=', id).execute()).toEqual([]);
  expect(await t.db.selectFrom('invoice_requests').selectAll().where('order_id', '=', id).execute()).toEqual([]);
});
