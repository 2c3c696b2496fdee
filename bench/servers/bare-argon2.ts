/**
 * Sign-in baseline: bare Fastify (no plugins, no schema, no logger) answering each POST with one
 * argon2id verification, of a hash of the same password made with the product's parameters.
 */
import { hash as hashPassword, verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import { ARGON2_OPTIONS } from '../../modules/accounts/password.ts';
import { serveInChild } from '../lib/child.ts';

export interface BareArgon2Options {
  path: string;
  password: string;
}

serveInChild<BareArgon2Options>(async ({ path, password }) => {
  const hash = await hashPassword(password, ARGON2_OPTIONS);
  const app = Fastify();
  app.post<{ Body: { password: string } }>(path, async (request, reply) => {
    const ok = await verify(hash, request.body.password);
    if (!ok) return reply.status(401).send({ ok });
    return { ok };
  });
  return { app };
});
