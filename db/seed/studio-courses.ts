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
      summary:
        'Dao động điều hòa, con lắc lò xo và con lắc đơn theo chương trình Vật lý 11 mới, học qua video mô phỏng.',
      description:
        '<h2>Bạn sẽ học được gì</h2><ul><li>Mô tả dao động điều hòa bằng li độ, biên độ, chu kì và tần số.</li><li>Tính chu kì con lắc lò xo và con lắc đơn.</li><li>Giải thích sự chuyển hóa động năng và thế năng.</li></ul><h2>Dành cho ai</h2><p>Học sinh lớp 11 học chương Dao động theo chương trình giáo dục phổ thông mới.</p>',
      level: 'Trung bình',
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
