/** The studio dashboard: Vietnam-time buckets, totals, top courses, the method split and the failed rate. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { completeCourse } from '../../tests/factories/learning.ts';
import { createGatewayOrder, insertPodOrder, type GatewayOrderInput } from '../../tests/factories/payments.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import * as orderRepo from '../orders/orders.repository.ts';

let t: TestContext;
let editor: Awaited<ReturnType<typeof signIn>>;
let learner: Awaited<ReturnType<typeof signIn>>;

const WINDOW = 'from=2025-03-03&to=2025-03-16';

async function pod(price: number): Promise<GatewayOrderInput['pod']> {
  const course = await createPaidCourse(t.db, price);
  return {
    podId: course.podId,
    courseId: course.id,
    title: course.title,
    slug: course.slug,
    type: 'retail',
    cycle: 5,
    price,
  };
}

beforeAll(async () => {
  t = await createTestContext();
  const editorUser = await createUser(t.db, { role: 'editor', created_at: '2025-03-04T01:00:00.000Z' });
  const learnerUser = await createUser(t.db, { role: 'learner', created_at: '2025-03-03T02:00:00.000Z' });
  const late = await createUser(t.db, { role: 'learner', created_at: '2025-03-04T17:30:00.000Z' }); // 05/03 in Vietnam
  [editor, learner] = [
    await signIn(t, editorUser.phone!, editorUser.password),
    await signIn(t, learnerUser.phone!, learnerUser.password),
  ];
  const [a, b, c] = [await pod(300_000), await pod(200_000), await pod(100_000)];
  const paid = (userId: number, p: typeof a, method: 'vnpay' | 'momo', at: string) =>
    createGatewayOrder(t.db, { userId, pod: p, method, paidAt: new Date(at) });
  await paid(learnerUser.id, a, 'vnpay', '2025-03-03T03:00:00.000Z');
  await paid(late.id, a, 'momo', '2025-03-04T17:30:00.000Z');
  await paid(late.id, b, 'momo', '2025-03-10T05:00:00.000Z');
  await paid(learnerUser.id, c, 'vnpay', '2025-03-10T06:00:00.000Z');
  await paid(learnerUser.id, b, 'vnpay', '2025-03-20T06:00:00.000Z'); // outside the window
  const failedAt = new Date('2025-03-05T01:00:00.000Z');
  const failed = await insertPodOrder(t.db, { userId: late.id, pod: b, method: 'momo', at: failedAt });
  await orderRepo.transition(
    t.db,
    failed.orderId,
    ['pending'],
    'failed',
    { closed_at: failedAt.toISOString() },
    failedAt.toISOString(),
  );
  await insertPodOrder(t.db, { userId: late.id, pod: c, method: 'vnpay', at: new Date('2025-03-05T02:00:00.000Z') });
  await completeCourse(t.db, learnerUser.id, a.courseId, '2025-03-10T08:00:00.000Z');
});
afterAll(async () => {
  await t.close();
});

function dashboard(session: { bearer: Record<string, string> } | null, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/admin/dashboard.json?${query}`,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
  });
}

describe('GET /api/admin/dashboard.json', () => {
  it('answers 401 signed out and 403 to a learner', async () => {
    expect((await dashboard(null, WINDOW)).statusCode).toBe(401);
    expect((await dashboard(learner, WINDOW)).statusCode).toBe(403);
  });

  it('buckets by Vietnam day with totals, top courses, the method split and the failed rate', async () => {
    const response = await dashboard(editor, `period=day&${WINDOW}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.buckets).toHaveLength(14);
    const at = (day: string) => data.buckets.find((bucket: { start: string }) => bucket.start === day);
    expect(at('2025-03-03')).toMatchObject({
      revenue: 300_000,
      orders: 1,
      completed_orders: 1,
      new_learners: 1,
      enrolments: 1,
    });
    expect(at('2025-03-05')).toMatchObject({
      revenue: 300_000,
      orders: 3,
      completed_orders: 1,
      failed_orders: 1,
      new_learners: 1,
      enrolments: 1,
    });
    expect(at('2025-03-10')).toMatchObject({ revenue: 300_000, orders: 2, enrolments: 2, completions: 1 });
    expect(at('2025-03-04')).toMatchObject({ revenue: 0, orders: 0, new_learners: 0 });
    expect(data.totals).toEqual({
      revenue: 900_000,
      orders: 6,
      completed_orders: 4,
      failed_orders: 1,
      new_learners: 2,
      enrolments: 4,
      completions: 1,
    });
    expect(data.failed_rate).toBe(0.2);
    expect(data.top_courses.map((row: { revenue: number; orders: number }) => [row.revenue, row.orders])).toEqual([
      [600_000, 2],
      [200_000, 1],
      [100_000, 1],
    ]);
    expect(data.methods).toEqual([
      { method: 'momo', orders: 2, revenue: 500_000 },
      { method: 'vnpay', orders: 2, revenue: 400_000 },
    ]);
  });

  it('groups by week (from Monday) and by month', async () => {
    const weeks = (await dashboard(editor, `period=week&${WINDOW}`)).json().data.buckets;
    expect(
      weeks.map((row: { start: string; revenue: number; orders: number }) => [row.start, row.revenue, row.orders]),
    ).toEqual([
      ['2025-03-03', 600_000, 4],
      ['2025-03-10', 300_000, 2],
    ]);
    const months = (await dashboard(editor, 'period=month&from=2025-02-20&to=2025-03-31')).json().data.buckets;
    expect(months.map((row: { start: string; revenue: number }) => [row.start, row.revenue])).toEqual([
      ['2025-02-01', 0],
      ['2025-03-01', 1_100_000],
    ]);
  });

  it('defaults to the last 30 days by day and refuses a reversed or too long window', async () => {
    const data = (await dashboard(editor, '')).json().data;
    expect(data.period).toBe('day');
    expect(data.buckets).toHaveLength(30);
    const reversed = await dashboard(editor, 'from=2025-03-10&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('Ngày bắt đầu phải trước ngày kết thúc.');
    const long = await dashboard(editor, 'from=2000-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Khoảng thời gian quá dài, hãy chọn ngắn hơn.');
  });
});
