import type { FastifyReply } from 'fastify';
import type { Services } from '../services.ts';
import type { SignedIn } from './accounts.service.ts';
import { buildSessionCookies } from './session-cookies.ts';

/** The web session cookies for a fresh sign-in (the app ignores them and keeps the token). */
export function setSessionCookies(reply: FastifyReply, services: Services, signedIn: SignedIn): void {
  reply.header(
    'set-cookie',
    buildSessionCookies({
      token: signedIn.token,
      userId: signedIn.user.id,
      fullName: signedIn.user.full_name,
      siteLabel: services.web.siteLabel,
      secure: services.web.secureCookies,
    }),
  );
}
