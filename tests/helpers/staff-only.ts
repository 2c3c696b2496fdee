/** The studio's permission check, asserted the same way for every admin API. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type Call<Session> = (session: Session, method: string, url: string) => Promise<LightMyRequestResponse>;

/** Every route answers 401 signed out and 403 with the Vietnamese refusal for a learner. */
export async function expectStaffOnly<Session>(
  call: Call<Session | null>,
  learner: Session | null,
  routes: [string, string][],
) {
  for (const [method, url] of routes) {
    expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    const refused = await call(learner, method, url);
    expect(refused.statusCode, `${method} ${url}`).toBe(403);
    expect(refused.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
  }
}
