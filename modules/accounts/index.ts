/** The accounts module's public face: the types of signing in, and the studio's operations on users. */
export { createAccountsAdmin, type AccountsAdmin } from './accounts.admin.ts';
export { createEnrolmentGrants, type EnrolmentGrants } from './accounts.enrolments.admin.ts';
export type { SignedIn } from './accounts.service.ts';
export type { ExternalSignIn } from './external-sign-in.ts';
export type { RequestMeta } from './sessions.ts';
export { createAccountErasure, ERASED_NAME, type AccountErasure, type ErasureResult } from './erasure.ts';
export type { AccountsService } from './accounts.service.ts';
export type { CodeSent } from './code-sender.ts';
export { userNamed } from './user-lookups.ts';
