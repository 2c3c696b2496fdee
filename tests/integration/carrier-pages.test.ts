/**
 * Carrier billing on the pages, as a browser without JavaScript uses them (needs the built app):
 * the checkout shows the disclosure and the consent box for a package sold by SMS, refuses without
 * consent (keeping the choice), subscribes with it; the account's "Gói cước" page lists the
 * subscription and cancels it after a confirmation step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createCarrierCourse } from '../factories/subscriptions.ts';
import { signIn, submitForm, getPage } from '../helpers/auth.ts';
import { smsTo, subscriptionOf } from '../helpers/carrier.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { CARRIER_MESSAGES } from '../../modules/subscriptions/subscriptions.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});
afterAll(async () => {
  await t?.close();
});

const CHECKOUT = '/gio-hang/thanh-toan';
const PAGE = '/tai-khoan/goi-cuoc';

const get = (url: string, cookie = '') => getPage(t, url, cookie);

async function newLearner() {
  const user = await createUser(t.db);
  const session = await signIn(t, user.phone!, user.password);
  return { user, cookie: session.cookie.cookie };
}

describe('checkout with carrier billing', () => {
  it('shows the disclosure, refuses without consent keeping the choice, and subscribes with it', async () => {
    const { user, cookie } = await newLearner();
    const course = await createCarrierCourse(t.db, { cycle: 2, price: 15_000 });
    expect((await get(`/gio-hang?pod=${course.podId}`, cookie)).statusCode).toBe(200);
    const page = await get(CHECKOUT, cookie);
    expect(page.statusCode).toBe(200);
    for (const text of [
      'Trừ tiền tài khoản di động MobiFone',
      'data-testid="carrier-disclosure"',
      '15.000 đồng/tuần',
      `Soạn DK ${course.smsCode} gửi 9234`,
      `Soạn HUY ${course.smsCode} gửi 9234`,
      'Hủy gói và tra cứu đều miễn phí.',
      '1800 1090',
      'name="consent"',
    ]) {
      expect(page.body).toContain(text);
    }
    // An SMS-only package is chosen by default.
    expect(page.body).toMatch(/id="pttt-carrier"[^>]*checked=""/);

    const refused = await submitForm(t, CHECKOUT, { intent: 'pay', payment_method: 'carrier' }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(CARRIER_MESSAGES.consent);
    expect(refused.body).toMatch(/id="pttt-carrier"[^>]*checked=""/);
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    const paid = await submitForm(t, CHECKOUT, { intent: 'pay', payment_method: 'carrier', consent: 'on' }, cookie);
    expect([302, 303]).toContain(paid.statusCode);
    expect(String(paid.headers.location)).toBe(`${PAGE}?dang-ky=thanh-cong`);
    expect((await subscriptionOf(t, user.id, course.podId)).status).toBe('active');
  });

  it('shows the operator refusal on the checkout and keeps the package in the cart', async () => {
    const user = await createUser(t.db, { phone: '84900001077' });
    const { cookie } = (await signIn(t, user.phone!, user.password)).cookie;
    const course = await createCarrierCourse(t.db);
    await get(`/gio-hang?pod=${course.podId}`, cookie);
    const refused = await submitForm(t, CHECKOUT, { intent: 'pay', payment_method: 'carrier', consent: 'on' }, cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(CARRIER_MESSAGES.insufficient);
    expect((await get(CHECKOUT, cookie)).body).toContain('data-testid="carrier-disclosure"');
  });
});

describe('the Gói cước page', () => {
  it('asks a signed-out visitor to sign in and shows an empty state', async () => {
    const anonymous = await get(PAGE);
    expect(anonymous.statusCode).toBe(302);
    expect(String(anonymous.headers.location)).toContain('/dang-nhap?redirect=');
    const { cookie } = await newLearner();
    const empty = await get(PAGE, cookie);
    expect(empty.body).toContain('Bạn chưa đăng ký gói cước nào.');
    expect(empty.body).toContain('href="/tai-khoan/goi-cuoc"');
  });

  it('lists the subscription and cancels it after confirmation, confirmed by SMS', async () => {
    const { user, cookie } = await newLearner();
    const course = await createCarrierCourse(t.db, { cycle: 3, price: 49_000 });
    await get(`/gio-hang?pod=${course.podId}`, cookie);
    await submitForm(t, CHECKOUT, { intent: 'pay', payment_method: 'carrier', consent: 'on' }, cookie);
    const { id } = await subscriptionOf(t, user.id, course.podId);
    const list = await get(`${PAGE}?dang-ky=thanh-cong`, cookie);
    expect(list.body).toContain('Đăng ký gói cước thành công.');
    expect(list.body).toContain('Đang hoạt động');
    expect(list.body).toContain('49.000đ/tháng');
    expect(list.body).toContain(`href="/vao-hoc/${course.slug}"`);
    expect(list.body).toContain(`href="${PAGE}?huy=${id}"`);
    const confirm = await get(`${PAGE}?huy=${id}`, cookie);
    expect(confirm.body).toContain('Xác nhận hủy gói');
    const cancelled = await submitForm(t, `${PAGE}?huy=${id}`, { intent: 'cancel', id: String(id) }, cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Đã hủy gói cước, gói sẽ không gia hạn nữa.');
    expect((await subscriptionOf(t, user.id, course.podId)).status).toBe('cancelled');
    expect((await smsTo(t, user.phone!)).at(-1)).toContain('Bạn đã hủy gói');
    const after = (await get(PAGE, cookie)).body;
    expect(after).toContain('Đã hủy');
    // Paid until the period ends: still studyable, no cancel button.
    expect(after).toContain(`href="/vao-hoc/${course.slug}"`);
    expect(after).not.toContain(`?huy=${id}`);
  });
});
