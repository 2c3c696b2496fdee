/** API baseline: bare Fastify (no plugins, no schema, no logger) sending a given object as JSON. */
import Fastify from 'fastify';
import { serveInChild } from '../lib/child.ts';

export interface BareJsonOptions {
  path: string;
  body: unknown;
}

serveInChild<BareJsonOptions>(async ({ path, body }) => {
  const app = Fastify();
  app.get(path, async (_request, reply) => {
    reply.header('content-type', 'application/json');
    return body;
  });
  return { app };
});
