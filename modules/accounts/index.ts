/** The accounts module's public face (growing as its users of other modules move to it): the studio's operations on users. */
export { createAccountsAdmin, type AccountsAdmin } from './accounts.admin.ts';
