/**
 * Offline licences (issue 21, part 4): a downloaded lesson is granted to one learner on one device
 * until a set number of days from now (OFFLINE_LICENCE_DAYS), never past the enrolment's end. The
 * licence the device keeps is signed (HMAC-SHA256 with a key derived from the session secret), so
 * the server checks it without trusting the device; each connection checks every licence the device
 * holds: a refund, a revoked or ended enrolment, or the expiry answers "remove it", a valid one is
 * renewed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { LessonAccessService } from '../learning/index.ts';
import * as repo from './offline.repository.ts';

const DAY_MS = 86_400_000;

export interface OfflineConfig {
  licenceDays: number;
  /** The app's session secret; the licence key is derived from it. */
  secret: string;
}

interface LicenceClaims {
  /** Licence id. */
  l: string;
  u: number;
  s: number;
  d: string;
  /** Expiry, ms since 1970. */
  e: number;
}

export type LicenceState = 'valid' | 'expired' | 'revoked' | 'invalid';

export function createLicences(deps: {
  db: Kysely<Database>;
  lessonAccess: Pick<LessonAccessService, 'requireEnrolled'>;
  config: OfflineConfig;
  clock?: () => Date;
}) {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const key = createHmac('sha256', config.secret).update('khai-tri offline licence v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function sign(claims: LicenceClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `v1.${body}.${mac(body)}`;
  }

  /** The claims of a licence whose signature holds; null for anything else. */
  function read(token: string): LicenceClaims | null {
    const [version, body, signature] = token.split('.');
    if (version !== 'v1' || !body || !signature) return null;
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LicenceClaims;
      return typeof claims.l === 'string' && Number.isInteger(claims.u) && Number.isInteger(claims.s) ? claims : null;
    } catch {
      return null;
    }
  }

  /** Until when a lesson may stay on a device: the licence period, cut at the enrolment's end. */
  function expiryOf(now: Date, enrolmentEndsAt: string | null): Date {
    const byDays = now.getTime() + config.licenceDays * DAY_MS;
    const end = enrolmentEndsAt === null ? byDays : Math.min(byDays, readDate(enrolmentEndsAt).getTime());
    return new Date(end);
  }

  async function issue(userId: number, lessonId: number, deviceId: string, id?: string) {
    const access = await deps.lessonAccess.requireEnrolled(userId, lessonId);
    const now = clock();
    const expiresAt = expiryOf(now, access.enrolmentEndsAt);
    if (expiresAt <= now)
      throw new AppError('FORBIDDEN', 'Quyền học khóa học này đã hết hạn. Hãy gia hạn để học tiếp.');
    const licenceId = await repo.upsertLicence(db, {
      id: id ?? randomBytes(18).toString('base64url'),
      userId,
      lessonId,
      courseId: access.lesson.course_id,
      deviceId,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return {
      licence: sign({ l: licenceId, u: userId, s: lessonId, d: deviceId, e: expiresAt.getTime() }),
      lesson_id: lessonId,
      course_id: access.lesson.course_id,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** Grants the download of a lesson on a device (an enrolled learner only). */
  function grant(userId: number, input: { lesson_id: number; device_id: string }) {
    return issue(userId, input.lesson_id, input.device_id);
  }

  /** What the device must do with each licence it holds: keep it (renewed) or remove the download. */
  async function check(userId: number, input: { device_id: string; licences: string[] }) {
    const claimed = input.licences.map((token) => ({ token, claims: read(token) }));
    const ours = claimed.filter((item) => item.claims?.u === userId && item.claims.d === input.device_id);
    const rows = new Map(
      (
        await repo.findLicences(
          db,
          userId,
          ours.map((item) => item.claims!.l),
        )
      ).map((row) => [row.id, row]),
    );
    const now = clock();
    const answers = [];
    for (const { token, claims } of claimed) {
      const row = claims ? rows.get(claims.l) : undefined;
      const mine = row && claims && claims.u === userId && claims.d === input.device_id && row.lesson_id === claims.s;
      if (!mine) {
        answers.push({ licence: token, lesson_id: claims?.s ?? null, state: 'invalid' as LicenceState });
        continue;
      }
      if (row.revoked_at !== null) {
        answers.push({ licence: token, lesson_id: row.lesson_id, state: 'revoked' as LicenceState });
        continue;
      }
      if (readDate(row.expires_at) <= now) {
        answers.push({ licence: token, lesson_id: row.lesson_id, state: 'expired' as LicenceState });
        continue;
      }
      try {
        const renewed = await issue(userId, row.lesson_id, input.device_id, row.id);
        answers.push({ ...renewed, state: 'valid' as LicenceState });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Refunded, revoked or ended: the download goes at this connection.
        await repo.revokeLicence(db, row.id, now.toISOString());
        answers.push({ licence: token, lesson_id: row.lesson_id, state: 'revoked' as LicenceState });
      }
    }
    return { learner_id: userId, licences: answers };
  }

  return { grant, check, read };
}

export type Licences = ReturnType<typeof createLicences>;
