/** Who is asking: the guards every module's API routes share (the viewer is set by server/http/viewer.ts). */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/** The signed-in user of an API request, or a 401 with a Vietnamese message. */
export function requireApiViewer(request: FastifyRequest): NonNullable<FastifyRequest['viewer']> {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
  return request.viewer;
}

/** Where a request comes from, as sessions and push subscriptions record it. */
export function requestMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    deviceId: request.deviceId,
  };
}
