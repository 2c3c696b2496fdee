import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../services.ts';

/** The signed-in user of an API request, or a 401 with a Vietnamese message. */
export function requireApiViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
  return request.viewer;
}

export function requestMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
