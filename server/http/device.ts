/**
 * Every request knows its device (modules/accounts/device-cookie.ts): the id the browser or the app
 * sent, or — on a form or API write without one — a new id given to the browser in a cookie.
 * Reads (GET) never set it, so cached pages carry no cookie; nor do the app's Bearer requests.
 */
import type { FastifyInstance } from 'fastify';
import { buildDeviceCookie, newDeviceId, readDeviceId } from '../../modules/accounts/device-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The device cookie's id (or the app's x-device-id); set on writes, null on reads without one. */
    deviceId: string | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerDevice(app: FastifyInstance, secureCookies: boolean): void {
  app.decorateRequest('deviceId', null);
  // Synchronous: every request passes here, and needs no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    const sent = readDeviceId(request.headers.cookie, request.headers['x-device-id']);
    // The app (Bearer token) keeps no cookies and names its device in x-device-id: no cookie for it.
    if (sent || READS.has(request.method) || request.headers.authorization?.startsWith('Bearer ')) {
      request.deviceId = sent;
      return done();
    }
    request.deviceId = newDeviceId();
    reply.header('set-cookie', buildDeviceCookie(request.deviceId, secureCookies));
    done();
  });
}
