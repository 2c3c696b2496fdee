/** Bank transfers in integration tests: the bank's signed notifications, and a learner's VietQR order. */
import { expect } from 'vitest';
import { hmacDriver } from '../../modules/transfers/bank-notifications.ts';
import { TRANSFER_DEMO } from '../../modules/transfers/transfers.config.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { nextClientAddress } from './auth.ts';
import { createShopper } from './commerce.ts';
import type { TestContext } from './test-app.ts';

export const bankDriver = hmacDriver(TRANSFER_DEMO.secret);
let sequence = 0;

export interface TestCredit {
  id?: string;
  amount: number;
  description: string;
}

/** Posts a signed notification of `credits` to the webhook (or `raw` as the body, or another signature). */
export function notifyCredits(
  t: TestContext,
  credits: TestCredit[],
  options: { signature?: string; raw?: string } = {},
) {
  const body =
    options.raw ??
    JSON.stringify({
      transactions: credits.map((credit) => ({
        id: credit.id ?? `FT${Date.now()}${(sequence += 1)}`,
        amount: credit.amount,
        description: credit.description,
        account_number: TRANSFER_DEMO.account,
        sender: 'TRAN THI BICH NGOC',
        when: new Date().toISOString(),
      })),
    });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/chuyen-khoan/webhook',
    headers: { 'content-type': 'application/json', 'x-bank-signature': options.signature ?? bankDriver.sign(body) },
    payload: body,
    remoteAddress: nextClientAddress(),
  });
}

/** A learner's order placed with VietQR for a fresh course at `price`, with what to ask of it. */
export async function transferOrder(t: TestContext, price = 350_000) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, price);
  await shopper.addToCart(course.podId);
  const placed = await shopper.checkout('vietqr');
  expect(placed.statusCode).toBe(201);
  const { order, payment_url } = placed.json().data as { order: { code: string }; payment_url: string };
  const count = async (table: 'enrolments' | 'notifications', kind?: string) => {
    let query = t.db.selectFrom(table).select('id').where('user_id', '=', shopper.user.id);
    if (kind) query = query.where('kind' as never, '=', kind as never);
    return (await query.execute()).length;
  };
  return {
    code: order.code,
    paymentUrl: payment_url,
    course,
    shopper,
    status: async () =>
      (await shopper.call('GET', `/api/user/order/transfer.json?code=${order.code}`)).json().data as {
        state: string;
        received: number;
        missing: number;
        total: number;
      },
    details: async () =>
      (await shopper.call('GET', `/api/user/order/details.json?code=${order.code}`)).json().data as {
        status: string;
      },
    credits: () =>
      t.db
        .selectFrom('bank_credits')
        .select(['transaction_id', 'amount', 'state', 'excess', 'source'])
        .where('order_code', '=', order.code)
        .orderBy('id')
        .execute(),
    enrolments: () => count('enrolments'),
    notices: (kind: string) => count('notifications', kind),
  };
}
