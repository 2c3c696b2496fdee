/**
 * A carrier checkout whose charge the operator has not confirmed, on the pages (needs the built
 * app): the operator over real HTTP drops the answer and cannot be queried, so the learner lands on
 * "Gói cước" with the notice that the answer will follow and the package listed as being processed;
 * once the resolver hears "charged", the page shows it active.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createCarrierCourse } from '../factories/subscriptions.ts';
import { getPage, signIn, submitForm } from '../helpers/auth.ts';
import { startCarrierOperator, type CarrierOperator } from '../helpers/carrier-operator.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { UNSETTLED_QUERY_AFTER_MS } from '../../modules/subscriptions/renewals.ts';
import { CARRIER_MESSAGES } from '../../modules/subscriptions/subscriptions.service.ts';

let t: TestContext;
let operator: CarrierOperator;

beforeAll(async () => {
  operator = await startCarrierOperator();
  t = await createTestContext({ pages: true, env: operator.env });
});
afterAll(async () => {
  await t?.close();
  await operator?.close();
});

describe('a carrier checkout awaiting the operator', () => {
  it('tells the learner the answer will follow, lists the package as being processed, then active', async () => {
    const user = await createUser(t.db);
    const { cookie } = (await signIn(t, user.phone!, user.password)).cookie;
    const course = await createCarrierCourse(t.db, { cycle: 3 });
    await getPage(t, `/gio-hang?pod=${course.podId}`, cookie);
    operator.fault(user.phone!, 'drop');
    operator.queriesDown(true);
    const paid = await submitForm(
      t,
      '/gio-hang/thanh-toan',
      { intent: 'pay', payment_method: 'carrier', consent: 'on' },
      cookie,
    ).finally(() => operator.queriesDown(false));
    operator.fault(user.phone!, null);
    expect([302, 303]).toContain(paid.statusCode);
    const location = String(paid.headers.location);
    expect(location).toBe('/tai-khoan/goi-cuoc?dang-ky=dang-xac-nhan');
    const page = await getPage(t, location, cookie);
    expect(page.body).toContain(CARRIER_MESSAGES.pending);
    expect(page.body).toContain('Đang chờ nhà mạng xác nhận kết quả trừ tiền');

    await t.services.renewals.resolveCharges(new Date(Date.now() + UNSETTLED_QUERY_AFTER_MS + 60_000));
    const after = await getPage(t, '/tai-khoan/goi-cuoc', cookie);
    expect(after.body).toContain('Đang hoạt động');
    expect(after.body).not.toContain('Đang chờ nhà mạng xác nhận');
  });
});
