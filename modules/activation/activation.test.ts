import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createActivationCode } from '../../tests/factories/activation.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { formatActivationCode } from './activation-code.ts';
import { ACTIVATION_MESSAGES, WRONG_CODES_PER_ADDRESS_LIMIT } from './activation.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const activate = (shopper: Shopper, code: string) => shopper.call('POST', '/api/user/order/active.json', { code });
const enrolmentsOf = (userId: number) =>
  t.db.selectFrom('enrolments').selectAll().where('user_id', '=', userId).orderBy('course_id').execute();
const readCode = (code: string) =>
  t.db.selectFrom('activation_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const countRedemptions = async (code: string) => {
  const { id } = await readCode(code);
  return (await t.db.selectFrom('activation_redemptions').select('id').where('code_id', '=', id).execute()).length;
};
const days = (row: { starts_at: unknown; ends_at: unknown }) =>
  (new Date(row.ends_at as string).getTime() - new Date(row.starts_at as string).getTime()) / DAY;

describe('order/active.json', () => {
  it('redeems a code typed in lower case with dashes: one enrolment, one redemption, a notification', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db);
    const { code } = await createActivationCode(t.db, course.id, { access_days: 90 });
    const response = await activate(shopper, ` ${formatActivationCode(code).toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      code,
      course: { id: course.id, slug: course.slug },
      course_ids: [course.id],
      study_url: `/vao-hoc/${course.slug}`,
    });
    expect(days(data)).toBe(90);
    const [enrolment, ...others] = await enrolmentsOf(shopper.user.id);
    expect(others).toEqual([]);
    expect(enrolment).toMatchObject({ course_id: course.id, source: 'activation', order_id: null });
    expect(days(enrolment!)).toBe(90);
    expect((await readCode(code)).used).toBe(1);
    expect(await countRedemptions(code)).toBe(1);
    const notes = (await shopper.call('GET', '/api/user/notification.json')).json().data;
    expect(notes[0]).toMatchObject({ kind: 'activated', link: `/vao-hoc/${course.slug}` });
    expect(notes[0].title).toBe('Kích hoạt khóa học thành công');

    // Used once: the learner is told they used it, anyone else that it is used up.
    expect((await activate(shopper, code)).json().error.message).toBe(ACTIVATION_MESSAGES.redeemed);
    const other = await createShopper(t);
    const usedUp = await activate(other, code);
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json().error).toMatchObject({
      message: ACTIVATION_MESSAGES.usedUp,
      fields: { code: ACTIVATION_MESSAGES.usedUp },
    });
  });

  it('takes the end from the package cycle, grants unlimited access without one, and grants a combo with its children', async () => {
    const shopper = await createShopper(t);
    const monthly = await createPaidCourse(t.db, 99_000, { cycle: 3 });
    const byPod = await createActivationCode(t.db, monthly.id, { pod_id: monthly.podId });
    expect(days((await activate(shopper, byPod.code)).json().data)).toBe(30);

    const lifetime = await createPaidCourse(t.db);
    const open = await createActivationCode(t.db, lifetime.id);
    expect((await activate(shopper, open.code)).json().data.ends_at).toBeNull();

    const childA = await createCourse(t.db, { type: 'no_retail' });
    const childB = await createCourse(t.db, { type: 'no_retail' });
    const combo = await createPaidCourse(t.db, 900_000, { type: 'combo', childIds: [childA.id, childB.id], cycle: 4 });
    const comboCode = await createActivationCode(t.db, combo.id, { pod_id: combo.podId });
    const granted = (await activate(shopper, comboCode.code)).json().data;
    expect(granted.course_ids.sort()).toEqual([combo.id, childA.id, childB.id].sort());
    const rows = (await enrolmentsOf(shopper.user.id)).filter((row) => granted.course_ids.includes(row.course_id));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(days(row)).toBe(365);
  });

  it('lets a multi-use code serve as many learners as it has uses, each once', async () => {
    const course = await createPaidCourse(t.db);
    const { code } = await createActivationCode(t.db, course.id, { max_uses: 3 });
    const learners = await Promise.all([1, 2, 3, 4].map(() => createShopper(t)));
    for (const learner of learners.slice(0, 3)) expect((await activate(learner, code)).statusCode).toBe(200);
    expect((await activate(learners[3]!, code)).json().error.message).toBe(ACTIVATION_MESSAGES.usedUp);
    expect((await readCode(code)).used).toBe(3);
  });

  it('refuses codes outside their window, switched off, unknown, malformed or for a course already owned', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db);
    const later = await createActivationCode(t.db, course.id, {
      starts_at: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    const past = await createActivationCode(t.db, course.id, { ends_at: new Date(Date.now() - 1000).toISOString() });
    const off = await createActivationCode(t.db, course.id, { is_active: 0 });
    const message = async (code: string) => (await activate(shopper, code)).json().error.message;
    expect(await message(later.code)).toMatch(
      /^Mã kích hoạt chưa đến thời gian sử dụng \(từ ngày \d{2}\/\d{2}\/\d{4}\)\.$/,
    );
    expect(await message(past.code)).toBe(ACTIVATION_MESSAGES.expired);
    expect(await message(off.code)).toBe(ACTIVATION_MESSAGES.inactive);
    expect(await message('ABCDEFGHJKMN')).toBe(ACTIVATION_MESSAGES.notFound);

    const other = await createShopper(t);
    const malformed = await activate(other, 'KT0O-1IL2-3456');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(ACTIVATION_MESSAGES.malformed);
    const empty = await activate(other, ' - ');
    expect(empty.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: ACTIVATION_MESSAGES.empty });

    const owner = await createShopper(t);
    const first = await createActivationCode(t.db, course.id);
    const second = await createActivationCode(t.db, course.id);
    expect((await activate(owner, first.code)).statusCode).toBe(200);
    expect(await (async () => (await activate(owner, second.code)).json().error.message)()).toBe(
      ACTIVATION_MESSAGES.owned,
    );
    expect((await readCode(second.code)).used).toBe(0);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/order/active.json',
      payload: { code: second.code },
      remoteAddress: nextClientAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('concurrent redemption', () => {
  it('lets exactly one of ten learners redeeming a single-use code at once succeed', async () => {
    const course = await createPaidCourse(t.db);
    const { code } = await createActivationCode(t.db, course.id);
    const learners = await Promise.all(Array.from({ length: 10 }, () => createShopper(t)));
    const responses = await Promise.all(learners.map((learner) => activate(learner, code)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(422)]);
    for (const response of responses.filter((item) => item.statusCode !== 200)) {
      expect(response.json().error.message).toBe(ACTIVATION_MESSAGES.usedUp);
    }
    const { id, used } = await readCode(code);
    expect(used).toBe(1);
    expect(await countRedemptions(code)).toBe(1);
    const grants = await t.db.selectFrom('enrolments').select('user_id').where('activation_code_id', '=', id).execute();
    expect(grants).toHaveLength(1);
  });

  it('grants one learner a multi-use code once even when they send it three times at once', async () => {
    const course = await createPaidCourse(t.db);
    const { code } = await createActivationCode(t.db, course.id, { max_uses: 10 });
    const shopper = await createShopper(t);
    const responses = await Promise.all([1, 2, 3].map(() => activate(shopper, code)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect((await enrolmentsOf(shopper.user.id)).map((row) => row.course_id)).toEqual([course.id]);
    expect((await readCode(code)).used).toBe(1);
  });
});

describe('wrong codes are rate limited', () => {
  const wrongCode = () =>
    `XY${String(Math.floor(Math.random() * 1e10))
      .replace(/[01]/g, '7')
      .padStart(10, '9')}`;
  const tooMany = /^Bạn đã nhập sai mã kích hoạt quá nhiều lần\. Vui lòng thử lại sau \d+ phút\.$/;

  it('per learner: the sixth wrong code in 15 minutes is a 429; a successful code does not count', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db);
    const good = await createActivationCode(t.db, course.id);
    for (let index = 0; index < 4; index += 1) expect((await activate(shopper, wrongCode())).statusCode).toBe(422);
    expect((await activate(shopper, good.code)).statusCode).toBe(200);
    expect((await activate(shopper, wrongCode())).statusCode).toBe(422);
    const blocked = await activate(shopper, wrongCode());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(tooMany) });
    const valid = await createActivationCode(t.db, (await createPaidCourse(t.db)).id);
    expect((await activate(shopper, valid.code)).statusCode).toBe(429);
    // Another learner is not affected.
    expect((await activate(await createShopper(t), valid.code)).statusCode).toBe(200);
  });

  it(`per address: ${WRONG_CODES_PER_ADDRESS_LIMIT} wrong codes from one address (a NAT's worth) block it for every account`, async () => {
    const address = nextClientAddress();
    // Learners behind one address, four wrong codes each: each stays under its own limit.
    const learners = await Promise.all(
      Array.from({ length: Math.ceil(WRONG_CODES_PER_ADDRESS_LIMIT / 4) }, () => createShopper(t)),
    );
    const fromAddress = (code: string, index: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/order/active.json',
        headers: learners[index % learners.length]!.session.bearer,
        payload: { code },
        remoteAddress: address,
      });
    for (let index = 0; index < WRONG_CODES_PER_ADDRESS_LIMIT; index += 1) {
      expect((await fromAddress(wrongCode(), index)).statusCode).toBe(422);
    }
    expect((await fromAddress(wrongCode(), 0)).statusCode).toBe(429);
  });

  it('does not let a burst of parallel guesses past the limit', async () => {
    const shopper = await createShopper(t);
    const responses = await Promise.all(Array.from({ length: 9 }, () => activate(shopper, wrongCode())));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429, 429]);
  });
});
