import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../config/env.ts';

/**
 * SESSION_SECRET when set (required in production); otherwise a random secret created once and
 * kept in DATA_DIR, so demo sessions survive a restart.
 */
export function resolveSessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair of Web Push: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (required in
 * production); otherwise a pair generated once and kept in DATA_DIR, so browsers that subscribed
 * keep receiving after a restart.
 */
export function resolveVapidKeys(env: Env): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const file = path.join(env.DATA_DIR, 'vapid-keys.json');
  if (fs.existsSync(file))
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
