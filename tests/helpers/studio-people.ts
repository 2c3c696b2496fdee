/** The setup shared by the studio people API tests: a test context, three signed-in roles, calls, audit rows. */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { nextClientAddress, signIn } from './auth.ts';
import { createTestContext, type TestContext } from './test-app.ts';

type Session = { bearer: Record<string, string> } | null;
type SignedIn = Awaited<ReturnType<typeof signIn>>;

export interface StudioPeopleTest {
  t: TestContext;
  learner: SignedIn;
  editor: SignedIn;
  admin: SignedIn;
  adminId: number;
  call(session: Session, method: string, url: string, payload?: object): Promise<LightMyRequestResponse>;
  auditOf(action: string, targetId: number): Promise<{ summary: string; actor_id: number | null }[]>;
}

/** Registers beforeAll / afterAll; the returned object is filled once beforeAll has run. */
export function useStudioPeopleTest(): StudioPeopleTest {
  const state = {} as StudioPeopleTest;
  async function staff(role: 'learner' | 'editor' | 'admin') {
    const user = await createUser(state.t.db, { role });
    return { session: await signIn(state.t, user.phone!, user.password), id: user.id };
  }
  beforeAll(async () => {
    state.t = await createTestContext();
    // Broadcasts are sent by jobs on the real queue (decision 0012).
    await state.t.services.broadcasts.work();
    await state.t.services.jobs.start();
    state.learner = (await staff('learner')).session;
    state.editor = (await staff('editor')).session;
    const admin = await staff('admin');
    state.admin = admin.session;
    state.adminId = admin.id;
  });
  afterAll(async () => {
    await state.t?.services.broadcasts.settle();
    await state.t?.close();
  });
  state.call = (session, method, url, payload) =>
    state.t.app.inject({
      method: method as 'GET',
      url,
      headers: session ? session.bearer : {},
      remoteAddress: nextClientAddress(),
      ...(payload ? { payload } : method === 'POST' || method === 'PATCH' ? { payload: {} } : {}),
    });
  state.auditOf = (action, targetId) =>
    state.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(targetId))
      .execute();
  return state;
}
