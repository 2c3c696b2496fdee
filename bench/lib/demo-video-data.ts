/**
 * bench/phone: the demo clip transcoded through the real pipeline (seedDemoVideo: ffmpeg, the
 * ladder, storage) for the free courses' video lessons, and the demo learner enrolled in the first
 * such course, so a signed-in phone can open its study page and tap play. The study page's path is
 * written to `infoFile` for the parent process.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { Services } from '../../modules/services.ts';
import { seedDemoVideo } from '../../modules/video/demo-video.ts';
import { buildTestClipArgs, runTool } from '../../modules/video/ffmpeg.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';

export interface DemoVideoOptions {
  /** Where the study page's path (`/vao-hoc/{slug}?bai={id}`) is written. */
  infoFile: string;
  /** bench/offline: one lesson gets a 640×360 clip this long instead of the demo clip. */
  seconds?: number;
}

/**
 * The long source clip, generated once per machine: kept in the system's temporary folder under a
 * name keyed by its ffmpeg arguments and the ffmpeg binary, so a rerun skips generating it (the
 * ladder is still transcoded by the real pipeline on every run). Written to a temporary name and
 * renamed, so a run that was stopped halfway leaves no broken clip behind.
 */
async function cachedClip(env: Env, seconds: number): Promise<string> {
  const dir = path.join(os.tmpdir(), 'khai-tri-bench-clips');
  fs.mkdirSync(dir, { recursive: true });
  const options = { seconds, width: 640, height: 360, fps: 15, preset: 'ultrafast' };
  const key = createHash('sha256')
    .update(JSON.stringify([env.FFMPEG_PATH, buildTestClipArgs('clip.mp4', options)]))
    .digest('hex')
    .slice(0, 16);
  const clip = path.join(dir, `clip-${seconds}s-${key}.mp4`);
  if (fs.existsSync(clip)) return clip;
  const partial = `${clip}.${process.pid}.partial.mp4`;
  try {
    await runTool(env.FFMPEG_PATH, buildTestClipArgs(partial, options));
    fs.renameSync(partial, clip);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return clip;
}

/** A long clip for the first free video lesson, through the real pipeline. */
async function addLongClip(db: Kysely<Database>, services: Services, env: Env, seconds: number): Promise<void> {
  const lesson = await db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select('lessons.id')
    .where('lessons.content_type', '=', 'video')
    .where('courses.price_new', '=', 0)
    .orderBy('lessons.id')
    .executeTakeFirstOrThrow();
  await services.video.ingestFile(lesson.id, await cachedClip(env, seconds));
}

export const DEMO_LEARNER = { username: 'hocvien@khaitri.vn', password: 'KhaiTri@2026' };

export async function addDemoVideo(
  db: Kysely<Database>,
  services: Services,
  env: Env,
  options: DemoVideoOptions,
): Promise<void> {
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH };
  if (options.seconds) await addLongClip(db, services, env, options.seconds);
  else {
    const demo = await seedDemoVideo(db, services.video, tools);
    if (demo.skipped) throw new Error(`the demo clip was not made: ${demo.skipped}`);
  }
  const worker = services.video.createWorker({ backoffMs: () => 0 });
  for (let round = 0; round < 50; round += 1) {
    const pending = await db.selectFrom('video_assets').select('id').where('status', '!=', 'ready').executeTakeFirst();
    if (!pending) break;
    await worker.runOnce();
  }
  const lesson = await db
    .selectFrom('video_assets')
    .innerJoin('lessons', 'lessons.id', 'video_assets.lesson_id')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select(['lessons.id as lessonId', 'courses.id as courseId', 'courses.slug'])
    .where('video_assets.status', '=', 'ready')
    .orderBy('lessons.id')
    .executeTakeFirst();
  if (!lesson) throw new Error('no video lesson became ready');
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_LEARNER.username)
    .executeTakeFirstOrThrow();
  await createEnrolment(db, { userId: learner.id, courseId: lesson.courseId });
  fs.writeFileSync(options.infoFile, `/vao-hoc/${lesson.slug}?bai=${lesson.lessonId}`);
}
