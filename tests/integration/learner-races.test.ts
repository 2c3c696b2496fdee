/**
 * Learner check-then-write races: the same request sent several times at once (a double tap, a
 * flaky network retrying) never answers 500, ends as if the requests had come one after the other,
 * and leaves exactly one row. Idempotent actions (follow, review, join, subscribe to pushes, enrol,
 * start a quiz, open certificates) all succeed; adding a package to the cart adds it or says it is
 * there already; one-time actions (redeem a code, claim an e-mail address) are won by one request
 * and refused to the others as they would be a moment later.
 * On PostgreSQL the requests really overlap; on SQLite, better-sqlite3 answers synchronously, so
 * work made only of queries runs one request after another and the test checks the same outcome.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { CART_MESSAGES } from '../../modules/cart/cart.service.ts';
import { createActivationCode } from '../factories/activation.ts';
import { createCourse, createLesson, createSubject } from '../factories/catalog.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { createCarrierCourse } from '../factories/subscriptions.ts';
import { createShopper } from '../helpers/commerce.ts';
import { completeCourse, createEnrolment, createQuiz } from '../factories/learning.ts';
import { nextClientAddress, signIn } from '../helpers/auth.ts';
import { startPushEndpoint } from '../helpers/push-endpoint.ts';
import { race, RACERS, statusesOf } from '../helpers/race.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { outboxDelivered } from '../helpers/outbox.ts';

let t: TestContext;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;

beforeAll(async () => {
  t = await createTestContext();
  push = await startPushEndpoint();
});

afterAll(async () => {
  await push?.close();
  await t?.close();
});

async function learner() {
  const user = await createUser(t.db);
  const session = await signIn(t, user.phone!, user.password);
  return { id: user.id, bearer: session.bearer };
}

async function count(table: string, where: Record<string, string | number>): Promise<number> {
  let query = sql`select count(*) as n from ${sql.table(table)} where 1 = 1`;
  for (const [column, value] of Object.entries(where)) query = sql`${query} and ${sql.ref(column)} = ${value}`;
  const { rows } = await query.execute(t.db);
  return Number((rows[0] as { n: number | string }).n);
}

const send = (method: 'POST' | 'PATCH' | 'GET', url: string, headers: Record<string, string>, payload?: object) => ({
  method,
  url,
  headers,
  remoteAddress: nextClientAddress(),
  ...(payload ? { payload } : {}),
});

describe('idempotent actions: every request succeeds, one row', () => {
  const cases: Array<{
    name: string;
    /** Prepares the learner's situation; returns the request and the rows that must exist once. */
    setup: (me: { id: number; bearer: Record<string, string> }) => Promise<{
      request: ReturnType<typeof send>;
      table: string;
      where: Record<string, string | number>;
      status?: number;
    }>;
  }> = [
    {
      name: 'following a subject',
      setup: async (me) => {
        const subject = await createSubject(t.db);
        return {
          request: send('PATCH', '/api/user/subject/like.json', me.bearer, { subject_id: subject.id }),
          table: 'subject_likes',
          where: { user_id: me.id, subject_id: subject.id },
        };
      },
    },
    {
      name: 'reviewing a course',
      setup: async (me) => {
        const course = await createCourse(t.db, { price_new: 0 });
        await createEnrolment(t.db, { userId: me.id, courseId: course.id });
        return {
          request: send('POST', '/api/user/course/vote.json', me.bearer, { course_id: course.id, rating: 5 }),
          table: 'course_reviews',
          where: { user_id: me.id, course_id: course.id },
        };
      },
    },
    {
      name: 'joining the affiliate programme',
      setup: async (me) => ({
        request: send('POST', '/api/user/affiliate/join.json', me.bearer, {}),
        table: 'affiliates',
        where: { user_id: me.id },
      }),
    },
    {
      name: 'subscribing a browser to pushes',
      setup: async (me) => {
        const subscription = push.newSubscription();
        return {
          request: send('POST', '/api/user/push_subscription.json', me.bearer, subscription),
          table: 'push_subscriptions',
          where: { endpoint: subscription.endpoint },
          status: 201,
        };
      },
    },
    {
      name: 'enrolling in a free course',
      setup: async (me) => {
        const course = await createCourse(t.db, { price_new: 0 });
        return {
          request: send('POST', '/api/user/course/enrol.json', me.bearer, { course_id: course.id }),
          table: 'enrolments',
          where: { user_id: me.id, course_id: course.id },
        };
      },
    },
    {
      name: 'starting a quiz',
      setup: async (me) => {
        const course = await createCourse(t.db, { price_new: 0 });
        const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'exam', title: 'Kiểm tra' });
        await createQuiz(t.db, lesson.id);
        await createEnrolment(t.db, { userId: me.id, courseId: course.id });
        return {
          request: send('POST', '/api/user/lesson/quiz/start.json', me.bearer, { lesson_id: lesson.id }),
          table: 'quiz_attempts',
          where: { user_id: me.id, lesson_id: lesson.id },
        };
      },
    },
    {
      name: 'opening my certificates after completing a course',
      setup: async (me) => {
        const course = await createCourse(t.db, { title: 'Khóa đã xong' });
        await completeCourse(t.db, me.id, course.id);
        return {
          request: send('GET', '/api/user/certificate.json', me.bearer),
          table: 'certificates',
          where: { user_id: me.id, course_id: course.id },
        };
      },
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const me = await learner();
      const { request, table, where, status = 200 } = await c.setup(me);
      const responses = await race(t, () => ({ ...request, remoteAddress: nextClientAddress() }));
      expect(statusesOf(responses)).toEqual(Array<number>(RACERS).fill(status));
      expect(await count(table, where)).toBe(1);
    });
  }
});

describe('the cart: the same package added at once is one line', () => {
  /** Each request either added the line or found it there already (as a second tap a moment later is told). */
  function expectAddedOrAlreadyThere(responses: Awaited<ReturnType<typeof race>>) {
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(CART_MESSAGES.duplicate);
    }
  }

  it('signed in', async () => {
    const me = await learner();
    const course = await createPaidCourse(t.db);
    const responses = await race(t, () => send('PATCH', '/api/user/cart.json', me.bearer, { pod_id: course.podId }));
    expectAddedOrAlreadyThere(responses);
    expect(await count('carts', { user_id: me.id })).toBe(1);
    expect(await count('cart_items', { course_id: course.id })).toBe(1);
  });

  it('anonymous, the cart itself created by the concurrent first requests', async () => {
    const course = await createPaidCourse(t.db);
    const cookie = { cookie: 'kt_cart=racingcarttoken00000000001' };
    const responses = await race(t, () => send('PATCH', '/api/user/cart.json', cookie, { pod_id: course.podId }));
    expectAddedOrAlreadyThere(responses);
    expect(await count('carts', { token: 'racingcarttoken00000000001' })).toBe(1);
    expect(await count('cart_items', { course_id: course.id })).toBe(1);
  });
});

describe('paying one order from several taps at once', () => {
  it('each tap gets its own payment attempt and page', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db);
    await shopper.addToCart(course.podId);
    const placed = (await shopper.checkout('vnpay')).json().data as { order: { code: string; id: number } };
    const responses = await race(t, () =>
      send('POST', '/api/user/order/pay.json', shopper.session.bearer, { code: placed.order.code }),
    );
    expect(statusesOf(responses)).toEqual(Array<number>(RACERS).fill(200));
    const payments = await t.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('payments.request_id')
      .where('orders.code', '=', placed.order.code)
      .execute();
    expect(new Set(payments.map((payment) => payment.request_id)).size).toBe(RACERS + 1);
  });
});

describe('one-time actions: one request wins, the others are refused as they would be a moment later', () => {
  it('redeeming the same multi-use activation code', async () => {
    const me = await learner();
    const course = await createCourse(t.db);
    const { code } = await createActivationCode(t.db, course.id, { max_uses: 50 });
    const responses = await race(t, () => send('POST', '/api/user/order/active.json', me.bearer, { code }));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    // The others: already redeemed, or (the code guard against bursts of guesses) asked to wait.
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect([422, 429]).toContain(response.statusCode);
      if (response.statusCode === 422)
        expect(response.json().error.message).toBe('Bạn đã sử dụng mã kích hoạt này rồi.');
    }
    expect(await count('activation_redemptions', { user_id: me.id })).toBe(1);
    expect(await count('enrolments', { user_id: me.id, course_id: course.id })).toBe(1);
  });

  it('subscribing to the same carrier package from several taps at once', async () => {
    const shopper = await createShopper(t);
    const course = await createCarrierCourse(t.db, { cycle: 3, price: 49_000 });
    await shopper.addToCart(course.podId);
    const responses = await race(t, () => ({
      ...send('POST', '/api/user/order.json', shopper.session.bearer, { payment_method: 'carrier', consent: true }),
    }));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201))
      expect([409, 422], response.body).toContain(response.statusCode);
    expect(await count('subscriptions', { user_id: shopper.user.id, pod_id: course.podId })).toBe(1);
    expect(await count('carrier_charges', { amount: 49_000, msisdn: shopper.user.phone! })).toBe(1);
  });

  it('two learners confirming the same new e-mail address', async () => {
    const address = 'dia.chi.chung@khaitri.vn';
    const learners = [await learner(), await learner(), await learner()];
    for (const one of learners) {
      const asked = await t.app.inject(send('POST', '/api/user/change_email.json', one.bearer, { email: address }));
      expect(asked.statusCode, asked.body).toBe(200);
    }
    await outboxDelivered(t.db);
    const links = await t.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', address)
      .orderBy('id')
      .execute();
    const tokens = links.map((link) => /verify-change-email\?token=([\w-]+)/.exec(link.body)![1]!);
    expect(tokens).toHaveLength(3);
    const responses = await race(
      t,
      (i) => send('POST', '/api/user/change_email/confirm.json', {}, { token: tokens[i]! }),
      tokens.length,
    );
    expect(statusesOf(responses)).toEqual([200, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().error.message).toBe('Email đã được sử dụng bởi tài khoản khác.');
    expect(await count('users', { email: address })).toBe(1);
  });
});
