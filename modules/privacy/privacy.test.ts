/**
 * Personal data through the API and the real job queue: consents with their history, the parent's
 * consent by OTP for a learner under 16, the export (contents, only the owner's data, idempotent job,
 * owner-only downloads), and the deletion (waiting period, cancel, completion that pseudonymises the
 * account and keeps its orders), with requests raced from several tabs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createEnrolment, createStudyCourse, recordProgress } from '../../tests/factories/learning.ts';
import { createGatewayOrder } from '../../tests/factories/payments.ts';
import { nextClientAddress, readLatestCode } from '../../tests/helpers/auth.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { waitFor } from '../../tests/helpers/private-servers.ts';
import { race } from '../../tests/helpers/race.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { PRIVACY_DELETION_WAIT_DAYS: '7', PRIVACY_POLICY_VERSION: '2026-01-01' } });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

/** A learner with a paid order (enrolment) and progress in a free course. */
async function learnerWithHistory(name: string) {
  const shopper = await createShopper(t, { full_name: name, email: `${name.replace(/\s/g, '').toLowerCase()}@vi.du` });
  const paid = await createPaidCourse(t.db, 690_000);
  const order = await createGatewayOrder(t.db, {
    userId: shopper.user.id,
    pod: {
      podId: paid.podId,
      courseId: paid.id,
      title: paid.title,
      slug: paid.slug,
      type: 'retail',
      cycle: 5,
      price: 690_000,
    },
    method: 'momo',
    paidAt: new Date(Date.now() - 3 * DAY),
  });
  const study = await createStudyCourse(t.db, { course: { title: `Tiếng Anh giao tiếp cho ${name}` } });
  await createEnrolment(t.db, { userId: shopper.user.id, courseId: study.course.id });
  await recordProgress(t.db, {
    userId: shopper.user.id,
    courseId: study.course.id,
    completedLessonIds: [study.lessons.intro],
    stoppedAt: { lessonId: study.lessons.video, seconds: 42 },
  });
  return { shopper, orderCode: order.code, paidTitle: paid.title, studyTitle: study.course.title };
}

async function overview(shopper: Shopper) {
  const response = await shopper.call('GET', '/api/user/privacy/overview.json');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function exportDone(shopper: Shopper, id: number) {
  await waitFor(
    async () => (await overview(shopper)).export?.id === id && (await overview(shopper)).export.state === 'completed',
    'the export job',
  );
}

describe('consents', () => {
  it('records each change with the policy version and time, given and withdrawn alike', async () => {
    const shopper = await createShopper(t);
    const before = await overview(shopper);
    expect(before.consents.map((c: { purpose: string; granted: boolean }) => [c.purpose, c.granted])).toEqual([
      ['service', true],
      ['analytics', false],
      ['marketing', false],
      ['messages', false],
    ]);
    expect(before.history).toEqual([]);
    for (const [purpose, granted] of [
      ['analytics', true],
      ['marketing', true],
      ['marketing', true], // the same answer again records nothing
      ['analytics', false],
    ] as const) {
      const response = await shopper.call('POST', '/api/user/privacy/consents.json', { purpose, granted });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await overview(shopper);
    const state = Object.fromEntries(
      after.consents.map((c: { purpose: string; granted: boolean }) => [c.purpose, c.granted]),
    );
    expect(state).toMatchObject({ analytics: false, marketing: true, messages: false });
    expect(after.history.map((h: { purpose: string; granted: boolean }) => [h.purpose, h.granted])).toEqual([
      ['analytics', false],
      ['marketing', true],
      ['analytics', true],
    ]);
    for (const entry of after.history) {
      expect(entry.policy_version).toBe('2026-01-01');
      expect(entry.source).toBe('learner');
      expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(await t.services.privacy.consents.consenting([shopper.user.id], 'marketing')).toEqual(
      new Set([shopper.user.id]),
    );
    expect(await t.services.privacy.consents.has(shopper.user.id, 'analytics')).toBe(false);
  });

  it('refuses the service purpose (no toggle) and unknown purposes in Vietnamese', async () => {
    const shopper = await createShopper(t);
    for (const body of [
      { purpose: 'service', granted: false },
      { purpose: 'x', granted: true },
      { purpose: 'marketing' },
    ]) {
      const response = await shopper.call('POST', '/api/user/privacy/consents.json', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/user/privacy/overview.json',
      remoteAddress: nextClientAddress(),
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('a learner under 16 needs a parent confirmed by OTP; the parent withdrawing turns optional purposes off', async () => {
    const year = new Date().getUTCFullYear() - 12;
    const child = await createShopper(t, { birthday: `${year}-03-15` });
    expect((await overview(child)).child).toMatchObject({ age: expect.any(Number), needs_parent: true, parent: null });
    const refused = await child.call('POST', '/api/user/privacy/consents.json', {
      purpose: 'marketing',
      granted: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('dưới 16 tuổi');

    const badPhone = await child.call('POST', '/api/user/privacy/parent/code.json', { parent_phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.parent_phone).toBeTruthy();
    const sent = await child.call('POST', '/api/user/privacy/parent/code.json', { parent_phone: '0912 777 001' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.sent_to).not.toContain('777001');
    const wrong = await child.call('POST', '/api/user/privacy/parent/confirm.json', { otp: '000000' });
    expect([422]).toContain(wrong.statusCode);
    const code = await readLatestCode(t.db, '84912777001');
    const confirmed = await child.call('POST', '/api/user/privacy/parent/confirm.json', { otp: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.parent.confirmed_at).toBeTruthy();
    const allowed = await child.call('POST', '/api/user/privacy/consents.json', {
      purpose: 'marketing',
      granted: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);

    const withdrawn = await child.call('POST', '/api/user/privacy/parent/withdraw.json');
    expect(withdrawn.statusCode).toBe(200);
    const after = await overview(child);
    expect(after.child.parent).toBeNull();
    expect(after.history[0]).toMatchObject({ purpose: 'marketing', granted: false, source: 'parent' });
    const adult = await createShopper(t, { birthday: '1990-01-01' });
    const notChild = await adult.call('POST', '/api/user/privacy/parent/code.json', { parent_phone: '0912777002' });
    expect(notChild.statusCode).toBe(422);
  });
});

describe('export', () => {
  it("holds the learner's profile, orders, enrolments and progress, never another learner's; owner-only download", async () => {
    const mine = await learnerWithHistory('Nguyễn Thị Mai');
    const other = await learnerWithHistory('Trần Văn Hùng');
    const requested = await mine.shopper.call('POST', '/api/user/privacy/exports.json');
    expect(requested.statusCode, requested.body).toBe(200);
    const { request, created } = requested.json().data;
    expect(created).toBe(true);
    expect(request.acknowledged_at).toBeTruthy();
    expect(Date.parse(request.due_at) - Date.parse(request.created_at)).toBe(10 * DAY);
    await exportDone(mine.shopper, request.id);

    const files = (await overview(mine.shopper)).export.files;
    const json = await mine.shopper.call('GET', files.json);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('attachment');
    const data = json.json();
    expect(data.profile).toMatchObject({ id: mine.shopper.user.id, full_name: 'Nguyễn Thị Mai' });
    expect(data.orders.map((o: { code: string }) => o.code)).toEqual([mine.orderCode]);
    expect(data.courses.map((c: { title: string }) => c.title)).toEqual(
      expect.arrayContaining([mine.paidTitle, mine.studyTitle]),
    );
    expect(JSON.stringify(data.courses)).toMatch(/percent/);
    expect(data.sign_ins.length).toBeGreaterThan(0);
    expect(data.privacy_requests.map((r: { id: number }) => r.id)).toContain(request.id);
    expect(data.consents).toEqual([]);
    const text = json.body;
    for (const foreign of [other.orderCode, 'Trần Văn Hùng', other.shopper.user.phone!, other.studyTitle])
      expect(text).not.toContain(foreign);

    const html = await mine.shopper.call('GET', files.html);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Dữ liệu của tôi');
    expect(html.body).toContain('Nguyễn Thị Mai');
    expect(html.body).toContain(mine.orderCode);
    expect(html.body).not.toContain(other.orderCode);

    // Another learner, a signed-out visitor and the public uploads path get nothing.
    expect((await other.shopper.call('GET', files.json)).statusCode).toBe(404);
    expect((await other.shopper.call('GET', files.html)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: files.json, remoteAddress: nextClientAddress() });
    expect(anonymous.statusCode).toBe(401);
    const key = `privacy/exports/${mine.shopper.user.id}/${request.id}/du-lieu-cua-toi.json`;
    const direct = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, remoteAddress: nextClientAddress() });
    expect(direct.statusCode).toBe(404);
  });

  it('is one request whatever races it, and its job is idempotent', async () => {
    const { shopper } = await learnerWithHistory('Lê Minh Châu');
    const responses = await race(t, () => ({
      method: 'POST',
      url: '/api/user/privacy/exports.json',
      headers: shopper.session.bearer,
      remoteAddress: nextClientAddress(),
    }));
    const ids = new Set(responses.map((response) => response.json().data.request.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.json().data.created)).toHaveLength(1);
    const id = [...ids][0] as number;
    await exportDone(shopper, id);
    const first = (await shopper.call('GET', `/api/user/privacy/exports/${id}/json`)).json();
    await t.services.privacy.requests.runExport(id); // a repeated job leaves the completed export alone
    const row = await t.db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'completed', attempts: 1 });
    const again = (await shopper.call('GET', `/api/user/privacy/exports/${id}/json`)).json();
    expect(again).toEqual(first);
    // A new request after completion is a new export; only the newest stays downloadable.
    const next = (await shopper.call('POST', '/api/user/privacy/exports.json')).json().data.request.id as number;
    expect(next).not.toBe(id);
    await exportDone(shopper, next);
    expect((await shopper.call('GET', `/api/user/privacy/exports/${id}/json`)).statusCode).toBe(404);
    expect((await shopper.call('GET', `/api/user/privacy/exports/${next}/json`)).statusCode).toBe(200);
  });
});

describe('deletion', () => {
  it('waits, can be cancelled, then pseudonymises the account, ends its sessions and keeps its orders', async () => {
    const { shopper, orderCode } = await learnerWithHistory('Phạm Quốc Bảo');
    const userId = shopper.user.id;
    const responses = await race(t, () => ({
      method: 'POST',
      url: '/api/user/privacy/deletion.json',
      headers: shopper.session.bearer,
      remoteAddress: nextClientAddress(),
    }));
    expect(new Set(responses.map((response) => response.json().data.request.id)).size).toBe(1);
    const request = responses[0]!.json().data.request;
    expect(request.state).toBe('waiting');
    expect(Date.parse(request.scheduled_for) - Date.parse(request.created_at)).toBe(7 * DAY);
    expect(Date.parse(request.due_at) - Date.parse(request.created_at)).toBe(15 * DAY);

    // Nothing happens during the wait.
    expect(await t.services.privacy.processDueDeletions(new Date())).toEqual({ completed: 0, failed: [] });
    const cancelled = await shopper.call('POST', '/api/user/privacy/deletion/cancel.json');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
    const twice = await shopper.call('POST', '/api/user/privacy/deletion/cancel.json');
    expect(twice.statusCode).toBe(422);
    expect(await t.services.privacy.processDueDeletions(new Date(Date.now() + 8 * DAY))).toEqual({
      completed: 0,
      failed: [],
    });

    // Asked again: after the waiting period the job erases the personal fields.
    const again = (await shopper.call('POST', '/api/user/privacy/deletion.json')).json().data.request;
    expect(again.id).not.toBe(request.id);
    const exported = (await shopper.call('POST', '/api/user/privacy/exports.json')).json().data.request.id as number;
    await exportDone(shopper, exported);
    const report = await t.services.privacy.processDueDeletions(new Date(Date.now() + 8 * DAY));
    expect(report.completed).toBeGreaterThanOrEqual(1);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      full_name: `Người dùng đã xóa #${userId}`,
      phone: null,
      email: `da-xoa-${userId}@an-danh.invalid`,
      password_hash: null,
      birthday: null,
      status: 'locked',
    });
    expect((await shopper.call('GET', '/api/user/privacy/overview.json')).statusCode).toBe(401);
    const order = await t.db.selectFrom('orders').selectAll().where('code', '=', orderCode).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: userId, status: 'completed' });
    const row = await t.db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('id', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('completed');
    const exportRow = await t.db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('id', '=', exported)
      .executeTakeFirstOrThrow();
    expect(exportRow.json_key).toBeNull();
    // A second run finds nothing to do.
    expect((await t.services.privacy.processDueDeletions(new Date(Date.now() + 9 * DAY))).completed).toBe(0);
  });
});
