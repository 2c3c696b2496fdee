/**
 * The demo video (development and demo): a 12-second clip generated with ffmpeg (test pattern and a
 * tone, 854×480, a few seconds of CPU) queued for every video lesson of the free courses that has
 * none — on the first start, or the first one with ffmpeg — so the worker transcodes it in the
 * background right after start. Tests seed without it unless they ask.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { buildTestClipArgs, runTool, ToolError, type FfmpegTools } from './ffmpeg.ts';
import type { VideoService } from './video.service.ts';

export async function seedDemoVideo(
  db: Kysely<Database>,
  video: VideoService,
  tools: FfmpegTools,
): Promise<{ queued: number; skipped: string | null }> {
  const lessons = await db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .leftJoin('video_assets', 'video_assets.lesson_id', 'lessons.id')
    .select('lessons.id')
    .where('lessons.content_type', '=', 'video')
    .where('courses.price_new', '=', 0)
    .where('video_assets.id', 'is', null)
    .orderBy('lessons.id')
    .execute();
  if (lessons.length === 0) return { queued: 0, skipped: null };
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'khai-tri-demo-video-'));
  try {
    const clip = path.join(workDir, 'demo.mp4');
    await runTool(tools.ffmpeg, buildTestClipArgs(clip, { seconds: 12, width: 854, height: 480 }));
    for (const lesson of lessons) await video.ingestFile(lesson.id, clip);
    return { queued: lessons.length, skipped: null };
  } catch (error) {
    if (error instanceof ToolError && error.missing) return { queued: 0, skipped: error.message };
    throw error;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
