/**
 * Generating a batch of activation codes for a course (or one of its packages) until the studio
 * exists: the CLI (npm run codes:generate) and the demo seed write through here.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation, nowIso } from '../../db/connect.ts';
import type { Database, NewActivationCode } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { generateActivationCode } from './activation-code.ts';
import * as repo from './activation.repository.ts';

export const MAX_BATCH_SIZE = 10_000;

export interface BatchInput {
  /** The course by slug or id, or one of its packages by id (then the package's cycle sets the access). */
  target: { courseSlug: string } | { courseId: number } | { podId: number };
  count: number;
  /** Learners who may redeem each code (1 = single-use). */
  uses: number;
  /** Days of access after redemption; null = the package's cycle, or unlimited. */
  accessDays: number | null;
  startsAt: Date;
  endsAt: Date | null;
  batch: string;
}

export interface GeneratedBatch {
  course: { id: number; slug: string; title: string };
  podId: number | null;
  codes: NewActivationCode[];
}

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

async function resolveTarget(db: Kysely<Database>, target: BatchInput['target']) {
  if ('podId' in target) {
    const pod = await repo.findPodWithCourse(db, target.podId);
    if (!pod) invalid(`Không tìm thấy gói học có id ${target.podId}.`);
    return { course: { id: pod.id, slug: pod.slug, title: pod.title }, podId: pod.pod_id };
  }
  if ('courseId' in target) {
    const course = await repo.findCourseById(db, target.courseId);
    if (!course) invalid(`Không tìm thấy khóa học có id ${target.courseId}.`);
    return { course, podId: null };
  }
  const course = await repo.findCourseBySlug(db, target.courseSlug);
  if (!course) invalid(`Không tìm thấy khóa học có slug "${target.courseSlug}".`);
  return { course, podId: null };
}

/** `count` codes unknown to the database and to each other (a collision draws again). */
async function drawUniqueCodes(db: Kysely<Database>, count: number, draw: () => string): Promise<string[]> {
  const codes = new Set<string>();
  for (let round = 0; codes.size < count; round += 1) {
    if (round > 20) throw new Error('Không tạo được đủ mã kích hoạt không trùng nhau.');
    const fresh: string[] = [];
    while (codes.size + fresh.length < count) {
      const code = draw();
      if (!codes.has(code) && !fresh.includes(code)) fresh.push(code);
    }
    const taken = await repo.listExistingCodes(db, fresh);
    for (const code of fresh) if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}

export async function generateActivationBatch(
  db: Kysely<Database>,
  input: BatchInput,
  draw: () => string = generateActivationCode,
): Promise<GeneratedBatch> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_BATCH_SIZE)
    invalid(`Số lượng mã phải từ 1 đến ${MAX_BATCH_SIZE}.`);
  if (!Number.isInteger(input.uses) || input.uses < 1 || input.uses > 1_000_000)
    invalid('Số lượt dùng mỗi mã phải từ 1 đến 1.000.000.');
  if (
    input.accessDays !== null &&
    (!Number.isInteger(input.accessDays) || input.accessDays < 1 || input.accessDays > 36_500)
  )
    invalid('Số ngày học phải từ 1 đến 36.500.');
  if (Number.isNaN(input.startsAt.getTime()) || (input.endsAt !== null && Number.isNaN(input.endsAt.getTime())))
    invalid('Ngày hiệu lực không hợp lệ.');
  if (input.endsAt !== null && input.endsAt.getTime() <= Math.max(input.startsAt.getTime(), Date.now()))
    invalid('Ngày hết hạn phải sau ngày bắt đầu và sau hôm nay.');
  const { course, podId } = await resolveTarget(db, input.target);

  for (let attempt = 1; ; attempt += 1) {
    const now = nowIso();
    const rows: NewActivationCode[] = (await drawUniqueCodes(db, input.count, draw)).map((code) => ({
      code,
      batch: input.batch,
      course_id: course.id,
      pod_id: podId,
      max_uses: input.uses,
      used: 0,
      access_days: input.accessDays,
      starts_at: input.startsAt.toISOString(),
      ends_at: input.endsAt?.toISOString() ?? null,
      is_active: 1,
      created_at: now,
    }));
    try {
      await db.transaction().execute((trx) => repo.insertCodes(trx, rows));
      return { course, podId, codes: rows };
    } catch (error) {
      // Another batch wrote one of these codes meanwhile: draw the whole batch again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
