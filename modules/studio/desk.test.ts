/**
 * The studio desk and broadcasts through the API: support requests (assign, reply, notes, states),
 * broadcasts (recipients = followers only, batches on the job
 * queue, a restart continuing from the queued job; exactly-once delivery: notifications/broadcasts.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../db/connect.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createSubject } from '../../tests/factories/catalog.ts';
import { createSupportRequest } from '../../tests/factories/studio-people.ts';
import { useStudioPeopleTest, type StudioPeopleTest } from '../../tests/helpers/studio-people.ts';
import { createJobQueue } from '../jobs/index.ts';
import { createBroadcastsService } from '../notifications/broadcasts.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';

const s = useStudioPeopleTest();
const call: StudioPeopleTest['call'] = (...args) => s.call(...args);
const auditOf: StudioPeopleTest['auditOf'] = (...args) => s.auditOf(...args);

describe('support requests', () => {
  it('lists, assigns, replies (the learner is notified), notes, and moves states with audit entries', async () => {
    const requester = await createUser(s.t.db);
    const request = await createSupportRequest(s.t.db, { user_id: requester.id, full_name: 'Trần Thị Bích' });
    const list = await call(
      s.editor,
      'GET',
      `/api/admin/support-requests.json?q=${encodeURIComponent('tran thi bich')}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([request.id]);

    const editorUser = await s.t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'editor')
      .executeTakeFirstOrThrow();
    const assigned = await call(s.editor, 'PATCH', `/api/admin/support-requests/${request.id}.json`, {
      assignee_id: editorUser.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.assignee_id).toBe(editorUser.id);
    const notStaff = await call(s.editor, 'PATCH', `/api/admin/support-requests/${request.id}.json`, {
      assignee_id: requester.id,
    });
    expect(notStaff.statusCode).toBe(400);

    const reply = await call(s.editor, 'POST', `/api/admin/support-requests/${request.id}/notes.json`, {
      kind: 'reply',
      body: 'Bạn thử tắt "Tiết kiệm dữ liệu" rồi tải lại trang nhé.',
    });
    expect(reply.json().data.delivered).toBe('notification');
    await call(s.editor, 'POST', `/api/admin/support-requests/${request.id}/notes.json`, {
      kind: 'note',
      body: 'Đã báo đội video kiểm tra.',
    });
    const detail = (await call(s.editor, 'GET', `/api/admin/support-requests/${request.id}.json`)).json().data;
    expect(detail.status).toBe('in_progress');
    expect(detail.notes.map((n: { kind: string }) => n.kind)).toEqual(['reply', 'note']);
    const told = await s.t.db.selectFrom('notifications').select('body').where('user_id', '=', requester.id).execute();
    expect(told.map((n) => n.body)).toEqual(['Bạn thử tắt "Tiết kiệm dữ liệu" rồi tải lại trang nhé.']);

    const resolved = await call(s.editor, 'PATCH', `/api/admin/support-requests/${request.id}.json`, {
      status: 'resolved',
    });
    expect(resolved.json().data.status_label).toBe('Đã giải quyết');
    expect((await auditOf('support.update', request.id)).length).toBe(2);
    expect(await auditOf('support.reply', request.id)).toHaveLength(1);

    const csv = await call(s.editor, 'GET', '/api/admin/support-requests.json?format=csv&status=resolved');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Trần Thị Bích');
  });
});

describe('broadcasts', () => {
  it('previews and sends to the followers of a subject only, in batches, with a history', async () => {
    const subject = await createSubject(s.t.db, { name: 'Tiếng Anh giao tiếp' });
    const followers = await Promise.all([1, 2, 3].map(() => createUser(s.t.db)));
    const outsider = await createUser(s.t.db);
    const lockedFollower = await createUser(s.t.db, { status: 'locked' });
    for (const user of [...followers, lockedFollower])
      await s.t.db
        .insertInto('subject_likes')
        .values({ user_id: user.id, subject_id: subject.id, created_at: nowIso() })
        .execute();

    const preview = await call(
      s.admin,
      'GET',
      `/api/admin/broadcasts/preview.json?audience=subject&subject_id=${subject.id}`,
    );
    expect(preview.json().data).toEqual({ recipients: 3, skipped: 0, subject_name: 'Tiếng Anh giao tiếp' });
    const missing = await call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Xin chào',
      body: 'Nội dung',
      audience: 'subject',
    });
    expect(missing.statusCode).toBe(400);
    const badLink = await call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Xin chào',
      body: 'Nội dung',
      audience: 'all',
      link: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);

    const sent = await call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Lớp mới khai giảng',
      body: 'Lớp Tiếng Anh giao tiếp khai giảng tuần sau.',
      link: '/khoa-hoc',
      audience: 'subject',
      purpose: 'service',
      subject_id: subject.id,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sending', recipient_count: 3 });
    await s.t.services.broadcasts.settle();

    const got = await s.t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('title', '=', 'Lớp mới khai giảng')
      .orderBy('user_id')
      .execute();
    expect(got.map((n) => n.user_id)).toEqual(followers.map((u) => u.id).sort((a, b) => a - b));
    expect(got.map((n) => n.user_id)).not.toContain(outsider.id);
    const history = (await call(s.admin, 'GET', '/api/admin/broadcasts.json')).json().data;
    expect(history[0]).toMatchObject({
      status: 'sent',
      recipient_count: 3,
      sent_count: 3,
      subject_name: 'Tiếng Anh giao tiếp',
    });
    expect(await auditOf('broadcast.send', sent.json().data.id)).toHaveLength(1);
  });

  it('sends to every active learner in batches smaller than the audience', async () => {
    const jobs = createJobQueue(s.t.db, s.t.database.engine, { pollMs: 200 });
    const small = createBroadcastsService({
      db: s.t.db,
      notifications: s.t.services.notifications,
      jobs,
      audit: s.t.services.studio.audit,
      marketingConsent: (ids) => s.t.services.privacy.consents.consenting(ids, 'marketing'),
      batchSize: 2,
      batchesPerJob: 1,
    });
    await small.work();
    await jobs.start();
    const expected = await small.preview({ audience: 'all' });
    const actor = { viewer: { id: s.adminId, fullName: 'Quản trị', role: 'admin' as const, sessionId: 's' }, ip: null };
    const sent = await small.send(actor, {
      title: 'Bảo trì hệ thống',
      body: 'Hệ thống bảo trì lúc 23 giờ.',
      audience: 'all',
    });
    await small.settle();
    await jobs.stop();
    const row = await s.t.db.selectFrom('broadcasts').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'sent',
      sent_count: expected.recipients,
      recipient_count: expected.recipients,
    });
    const staffGot = await s.t.db
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
  it('continues from its queued job, on the next start, a broadcast its stopped instance never sent', async () => {
    const deps = {
      db: s.t.db,
      // Without Web Push: a batch's push job goes on the app's queue in the batch's transaction, and
      // that queue rests during this test (on PostgreSQL it refuses a send while stopped).
      notifications: createNotificationsService(s.t.db),
      audit: s.t.services.studio.audit,
      marketingConsent: (ids: number[]) => s.t.services.privacy.consents.consenting(ids, 'marketing'),
      batchSize: 1,
      batchesPerJob: 1,
    };
    // The app's own queue rests during this test: only the two instances below work broadcasts.
    await s.t.services.jobs.stop();
    // The first instance records the broadcast and enqueues its job, then stops before working it.
    const stopped = createJobQueue(s.t.db, s.t.database.engine, { pollMs: 200 });
    await stopped.start();
    const first = createBroadcastsService({ ...deps, jobs: stopped });
    const actor = { viewer: { id: s.adminId, fullName: 'Quản trị', role: 'admin' as const, sessionId: 's' }, ip: null };
    const sent = await first.send(actor, {
      title: 'Thông báo nối tiếp',
      body: 'Gửi lại sau khi khởi động.',
      audience: 'all',
    });
    await stopped.stop();
    const waiting = await s.t.db
      .selectFrom('broadcasts')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'sending', sent_count: 0 });

    const restarted = createJobQueue(s.t.db, s.t.database.engine, { pollMs: 200 });
    const second = createBroadcastsService({ ...deps, jobs: restarted });
    await second.work();
    await restarted.start();
    await second.settle();
    await restarted.stop();
    const done = await s.t.db.selectFrom('broadcasts').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'sent', sent_count: done.recipient_count });
    const perUser = await s.t.db
      .selectFrom('notifications')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('title', '=', 'Thông báo nối tiếp')
      .groupBy('user_id')
      .execute();
    expect(perUser).toHaveLength(done.recipient_count);
    expect(perUser.every((row) => Number(row.n) === 1)).toBe(true);
    await s.t.services.jobs.start();
  });
});
