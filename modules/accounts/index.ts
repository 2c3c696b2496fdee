/** The accounts module's public face: the viewer guards other modules' routes use, and the studio's operations on users. */
export { requireApiViewer } from './guards.ts';
export { createAccountsAdmin, type AccountsAdmin } from './accounts.admin.ts';
