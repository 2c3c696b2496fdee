/**
 * A draft for the studio's course editor: a chapter, a video lesson still waiting for its file and
 * a package, so an editor can upload a clip, watch the transcode and publish it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';

export async function seedStudioCourses(db: Kysely<Database>): Promise<void> {
  const draft = await createCourse(
    db,
    {
      slug: 'vat-ly-11-dao-dong-co',
      title: 'Vật lý 11 — Dao động cơ',
      summary: 'Bản nháp trong studio: tải video cho bài đầu tiên rồi xuất bản.',
      is_published: 0,
      published_at: null,
    },
    { pods: [{ name: 'Gói tháng', cycle: 3, price: 99_000 }] },
  );
  const chapter = await createLesson(db, {
    course_id: draft.id,
    type: 'category',
    content_type: null,
    title: 'Chương 1: Dao động điều hòa',
    position: 0,
    duration_seconds: 0,
  });
  await createLesson(db, {
    course_id: draft.id,
    parent_id: chapter.id,
    content_type: 'video',
    title: 'Dao động điều hòa là gì?',
    position: 0,
    duration_seconds: 0,
    content: null,
  });
}
