/** Signing in within integration tests, through the real login endpoint. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createUser } from '../factories/accounts.ts';
import { outboxDelivered } from './outbox.ts';
import type { TestContext } from './test-app.ts';

export const SAME_ORIGIN = { origin: 'http://localhost:3000' };

let addressSequence = 0;

/** A distinct client address, so per-IP route limits don't couple unrelated test requests. */
export function nextClientAddress(): string {
  addressSequence += 1;
  return `10.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
}

export async function signIn(t: TestContext, username: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login.json',
    payload: { username, password },
    remoteAddress: nextClientAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { data: { token: string; user: { id: number } } };
  const setCookie = response.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return {
    token: body.data.token,
    userId: body.data.user.id,
    bearer: { authorization: `Bearer ${body.data.token}` },
    cookie: { cookie: cookies },
  };
}

/** The 6-digit code of the latest message the outbox holds for this recipient. */
export async function readLatestCode(db: Kysely<Database>, recipient: string): Promise<string> {
  await outboxDelivered(db, recipient);
  const message = await db
    .selectFrom('outbox_messages')
    .select(['body', 'subject'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\b(\d{6})\b/.exec(`${message.subject ?? ''} ${message.body}`);
  if (!match) throw new Error(`no code in the last message to ${recipient}`);
  return match[1]!;
}

export async function readLatestLink(db: Kysely<Database>, recipient: string, path: string): Promise<string> {
  await outboxDelivered(db, recipient);
  const message = await db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`).exec(message.body);
  if (!match) throw new Error(`no ${path} link in the last message to ${recipient}`);
  return match[1]!;
}

/** Posts a page form as a browser without JavaScript would (same origin, form-encoded). */
export function submitForm(t: TestContext, url: string, fields: Record<string, string>, cookie = '') {
  return t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      ...SAME_ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
    remoteAddress: nextClientAddress(),
  });
}

/** The cookies a response sets, as a Cookie request header. */
export function cookiesOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : [String(setCookie ?? '')])
    .map((cookie: string) => cookie.split(';')[0])
    .join('; ');
}

/** Opens a page as a browser would (each request from its own client address). */
export function getPage(t: TestContext, url: string, cookie = '') {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: nextClientAddress() });
}

/** A new learner named `name`, signed in by cookie (pages shared by signed-in learners). */
export async function signedInLearner(t: TestContext, name: string) {
  const user = await createUser(t.db, { full_name: name });
  const session = await signIn(t, user.phone!, user.password);
  return { name, userId: session.userId, cookie: session.cookie.cookie };
}

export type SignedInLearner = Awaited<ReturnType<typeof signedInLearner>>;

/** A page as a browser asks for it (HTML accepted), signed in by `cookie` when given, from its own address. */
export function browsePage(t: TestContext, url: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    remoteAddress: nextClientAddress(),
  });
}

/** Page HTML with the entities React writes in text and attributes turned back into characters. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
