/**
 * Our own trace endpoint (SPEC §7 "Other calls" 2): the visitor's address as the server sees it, in
 * the `key=value` lines of the public trace services, so the client needs no third-party call.
 */
import type { FastifyPluginAsync } from 'fastify';

export const TRACE_PATH = '/api/trace';

const oneLine = (value: string | undefined) => (value ?? '').replace(/[\r\n]+/g, ' ').slice(0, 500);

export const traceRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    TRACE_PATH,
    {
      schema: {
        tags: ['ops'],
        summary: 'Địa chỉ IP của người truy cập: text/plain, mỗi dòng một cặp key=value (ip=…, ts=…, uag=…)',
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const lines = [
        'fl=khaitri',
        `h=${oneLine(request.host)}`,
        `ip=${oneLine(request.ip)}`,
        `ts=${Math.floor(now / 1000)}.${String(now % 1000).padStart(3, '0')}`,
        `visit_scheme=${request.protocol}`,
        `uag=${oneLine(request.headers['user-agent'])}`,
        `http=http/${request.raw.httpVersion}`,
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`);
    },
  );
};
