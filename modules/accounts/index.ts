/** The accounts module's public face: the viewer guards other modules' routes use, and the types of signing in. */
export { requireApiViewer } from './guards.ts';
export type { SignedIn } from './accounts.service.ts';
export type { ExternalSignIn } from './external-sign-in.ts';
export type { RequestMeta } from './sessions.ts';
