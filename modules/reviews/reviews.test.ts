import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createReview } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const VOTE = '/api/user/course/vote.json';

async function totals(courseId: number) {
  return t.db
    .selectFrom('courses')
    .select(['rating_sum', 'rating_count'])
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
}

describe('course/vote.json', () => {
  it('keeps one review per learner: a second post edits it, and the course page rating follows', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    await createReview(t.db, { course_id: course.id, user_id: 9_000_001, rating: 4 });
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });

    const before = (await learner.call('GET', `${VOTE}?course_id=${course.id}`)).json().data;
    expect(before).toEqual({ can_review: true, review: null });
    const first = await learner.call('POST', VOTE, { course_id: course.id, rating: 2, comment: 'Hơi khó theo' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ updated: false, rating_avg: 3, rating_count: 2 });
    // The course page (cached) shows the new rating at once.
    const page1 = (
      await t.app.inject({ method: 'GET', url: `/api/user/course/details.json?slug=${course.slug}` })
    ).json();
    expect(page1.data.rating_summary).toMatchObject({ avg: 3, count: 2 });

    const second = await learner.call('POST', VOTE, { course_id: course.id, rating: 5, comment: '  Rất hay!  ' });
    expect(second.json().data).toMatchObject({
      updated: true,
      review: { rating: 5, comment: 'Rất hay!' },
      rating_avg: 4.5,
      rating_count: 2,
    });
    expect(await totals(course.id)).toEqual({ rating_sum: 9, rating_count: 2 });
    const rows = await t.db.selectFrom('course_reviews').selectAll().where('user_id', '=', learner.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ author_name: learner.user.full_name, rating: 5 });

    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/user/course/details.json?slug=${course.slug}` })
    ).json();
    expect(page2.data.rating_summary).toMatchObject({ avg: 4.5, count: 2 });
    const mine = (await learner.call('GET', `${VOTE}?course_id=${course.id}`)).json().data;
    expect(mine.review).toMatchObject({ rating: 5, comment: 'Rất hay!' });
  });

  it('stays consistent under concurrent votes', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    const learners = await Promise.all(Array.from({ length: 6 }, () => createShopper(t)));
    for (const learner of learners) await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });
    await Promise.all(
      learners.flatMap((learner, index) => [
        learner.call('POST', VOTE, { course_id: course.id, rating: 1 + (index % 5) }),
        learner.call('POST', VOTE, { course_id: course.id, rating: 5 }),
      ]),
    );
    const reviews = await t.db
      .selectFrom('course_reviews')
      .select('rating')
      .where('course_id', '=', course.id)
      .execute();
    expect(reviews).toHaveLength(6);
    const sum = reviews.reduce((total, row) => total + row.rating, 0);
    expect(await totals(course.id)).toEqual({ rating_sum: sum, rating_count: 6 });
  });

  it('refuses learners who are not enrolled, bad ratings and anonymous visitors', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    const outsider = await createShopper(t);
    const refused = await outsider.call('POST', VOTE, { course_id: course.id, rating: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Chỉ học viên đã đăng ký khóa học mới có thể đánh giá.');
    expect((await outsider.call('GET', `${VOTE}?course_id=${course.id}`)).json().data.can_review).toBe(false);
    const bad = await outsider.call('POST', VOTE, { course_id: course.id, rating: 6 });
    expect(bad.json().error.fields.rating).toBe('Vui lòng chọn từ 1 đến 5 sao.');
    const anonymous = await t.app.inject({ method: 'POST', url: VOTE, payload: { course_id: course.id, rating: 5 } });
    expect(anonymous.statusCode).toBe(401);
    expect(await totals(course.id)).toEqual({ rating_sum: 0, rating_count: 0 });
  });
});
