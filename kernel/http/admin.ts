/**
 * What every studio API plugin of a module shares: the OpenAPI security of `/api/admin/*` and the
 * hook that checks a route's permission before its input is read. The check itself is the studio's
 * (`actorOf`, passed in by server/routes.ts); a route without a permission is a programming error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const adminSecurity: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

/** 401 / 403 come first, before the query or body is validated: nothing is revealed to the unauthorised. */
export function guardAdminRoutes(app: FastifyInstance, actorOf: (request: FastifyRequest) => unknown) {
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new Error(`studio route without a permission: ${request.routeOptions.url}`);
    actorOf(request);
  });
}
