import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('course/enrol.json ("Vào học" on a free course)', () => {
  it('enrols at once with source free and no end, and is idempotent', async () => {
    const shopper = await createShopper(t);
    const free = await createCourse(t.db, { price_new: 0 });
    const first = await shopper.call('POST', '/api/user/course/enrol.json', { slug: free.slug });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      course_id: free.id,
      slug: free.slug,
      already: false,
      study_url: `/vao-hoc/${free.slug}`,
    });
    const again = await shopper.call('POST', '/api/user/course/enrol.json', { course_id: free.id });
    expect(again.json().data).toMatchObject({ course_id: free.id, already: true });
    const rows = await t.db.selectFrom('enrolments').selectAll().where('user_id', '=', shopper.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ course_id: free.id, source: 'free', ends_at: null, order_id: null });
  });

  it('enrols once when the learner clicks several times at once', async () => {
    const shopper = await createShopper(t);
    const free = await createCourse(t.db, { price_new: 0 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => shopper.call('POST', '/api/user/course/enrol.json', { course_id: free.id })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.json().data.already === false)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('enrolments')
      .select('id')
      .where('user_id', '=', shopper.user.id)
      .where('course_id', '=', free.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a paid course, an unknown one, an empty body and anonymous visitors', async () => {
    const shopper = await createShopper(t);
    const paid = await createPaidCourse(t.db);
    const refused = await shopper.call('POST', '/api/user/course/enrol.json', { course_id: paid.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Khóa học này không miễn phí, vui lòng mua khóa học.');
    const unknown = await shopper.call('POST', '/api/user/course/enrol.json', { slug: 'khong-ton-tai' });
    expect(unknown.statusCode).toBe(404);
    const empty = await shopper.call('POST', '/api/user/course/enrol.json', {});
    expect(empty.json().error.fields).toEqual({ course_id: 'Vui lòng chọn khóa học.' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/enrol.json',
      payload: { course_id: paid.id },
      remoteAddress: nextClientAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
