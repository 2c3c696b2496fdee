import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Services, Viewer } from '../services.ts';
import type { SignedIn } from './accounts.service.ts';
import { buildSessionCookies } from './session-cookies.ts';

/** The signed-in user of an API request, or a 401 with a Vietnamese message. */
export function requireApiViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
  return request.viewer;
}

export function requestMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    deviceId: request.deviceId,
  };
}

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
