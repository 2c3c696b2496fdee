/** Calls to the studio's admin API as a signed-in staff member, for the admin API tests. */
import { expect } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { nextClientAddress, signIn } from './auth.ts';
import type { TestContext } from './test-app.ts';

/** A signed-in user's bearer header; null for a signed-out visitor. */
export type StaffSession = { bearer: Record<string, string> } | null;

/** A new user of that role, signed in. */
export async function signInStaff(t: TestContext, role: 'learner' | 'editor' | 'admin' | 'teacher') {
  const user = await createUser(t.db, { role });
  return { ...(await signIn(t, user.phone!, user.password)), id: user.id };
}

/** `call` (any answer), `ok` (a 200's data) and the audit actions on a target, as `admin()` reads them. */
export function studioApi(context: () => TestContext, admin: () => StaffSession) {
  function call(
    session: StaffSession,
    method: string,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    return context().app.inject({
      method: method as 'GET',
      url,
      headers: { ...(session ? session.bearer : {}), ...headers },
      remoteAddress: nextClientAddress(),
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  }
  async function ok<T = Record<string, unknown>>(session: StaffSession, method: string, url: string, payload?: object) {
    const response = await call(session, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  }
  async function auditActions(type: string, id: number | string) {
    const body = (await call(admin(), 'GET', `/api/admin/audit.json?target_type=${type}&target_id=${id}`)).json();
    return (body.data as { action: string }[]).map((entry) => entry.action);
  }
  return { call, ok, auditActions };
}
