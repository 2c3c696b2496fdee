import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createEnrolment, createStudyCourse } from '../../tests/factories/learning.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('lessonAccess', () => {
  it('answers anonymous, not enrolled, enrolled, expired and preview', async () => {
    const access = t.services.lessonAccess;
    const { course, lessons } = await createStudyCourse(t.db, { course: { price_new: 200_000 } });
    const [enrolled, expired, stranger] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const endsAt = at(30);
    await createEnrolment(t.db, { userId: enrolled.id, courseId: course.id, source: 'order', endsAt });
    await createEnrolment(t.db, { userId: expired.id, courseId: course.id, startsAt: at(-60), endsAt: at(-1) });

    expect(await access.check(null, lessons.video)).toMatchObject({ allowed: false, reason: 'anonymous' });
    expect(await access.check(stranger.id, lessons.video)).toMatchObject({ allowed: false, reason: 'not_enrolled' });
    expect(await access.check(expired.id, lessons.video)).toMatchObject({ allowed: false, reason: 'expired' });
    const granted = await access.check(enrolled.id, lessons.video);
    expect(granted).toMatchObject({ allowed: true, via: 'enrolled', lesson: { course_slug: course.slug } });
    expect(granted?.allowed ? granted.enrolmentEndsAt : undefined).toBe(endsAt);
    for (const viewer of [null, stranger.id, expired.id]) {
      expect(await access.check(viewer, lessons.intro)).toMatchObject({ allowed: true, via: 'preview' });
    }
    expect(await access.check(enrolled.id, lessons.intro)).toMatchObject({ allowed: true, via: 'enrolled' });
    expect(await access.check(enrolled.id, 999_999)).toBeUndefined();

    await expect(access.require(null, lessons.video)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    await expect(access.require(expired.id, lessons.video)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      fields: { reason: 'expired', course_slug: course.slug },
    });
    await expect(access.requireEnrolled(stranger.id, lessons.intro)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      fields: { reason: 'not_enrolled' },
    });
    await expect(access.requireEnrolled(enrolled.id, lessons.intro)).resolves.toMatchObject({ via: 'enrolled' });
  });

  it('counts an unlimited enrolment over a dated one, ignores revoked ones and does not open before the start', async () => {
    const access = t.services.lessonAccess;
    const { course, lessons } = await createStudyCourse(t.db);
    const [twice, revoked, early] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await createEnrolment(t.db, { userId: twice.id, courseId: course.id, endsAt: at(10) });
    await createEnrolment(t.db, { userId: twice.id, courseId: course.id });
    expect(await access.standing(twice.id, course.id)).toEqual({ state: 'active', endsAt: null });
    await createEnrolment(t.db, { userId: revoked.id, courseId: course.id });
    await t.db
      .updateTable('enrolments')
      .set({ revoked_at: at(0) })
      .where('user_id', '=', revoked.id)
      .execute();
    expect(await access.check(revoked.id, lessons.video)).toMatchObject({ allowed: false, reason: 'not_enrolled' });
    await createEnrolment(t.db, { userId: early.id, courseId: course.id, startsAt: at(2) });
    expect((await access.standing(early.id, course.id)).state).toBe('none');
    expect(await access.check(early.id, lessons.video)).toMatchObject({ allowed: false, reason: 'not_enrolled' });
  });
});
