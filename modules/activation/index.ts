/**
 * The activation module's public face on the server: the studio's operations on activation-code
 * batches, with their routes. Pages import the client-safe part (schemas) from ./public.ts.
 */
export { createActivationAdmin, type ActivationAdmin } from './activation.admin.ts';
export { activationAdminRoutes, type ActivationAdminRoutesOptions } from './activation.admin.routes.ts';
