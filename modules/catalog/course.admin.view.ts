/** The studio's view of one course: details, every package, the lesson tree with each video's state. */
import type { Selectable } from 'kysely';
import type { CoursePodsTable, CoursesTable, LessonsTable, VideoAssetRow } from '../../db/schema.ts';
import { isoOrNull } from '../../kernel/db/index.ts';

/** A lesson's uploaded video (the video module's asset) as the editor shows it. */
export type LessonVideo = Pick<VideoAssetRow, 'id' | 'lesson_id' | 'status' | 'progress_percent' | 'last_error'>;

type Asset = LessonVideo;
type Lesson = Selectable<LessonsTable>;

export function toCourseDetail(
  course: Selectable<CoursesTable>,
  pods: Selectable<CoursePodsTable>[],
  lessons: Lesson[],
  /** Newest first: the first asset of a lesson is its latest upload. */
  assets: Asset[],
) {
  const latest = new Map<number, Asset>();
  for (const asset of assets) if (!latest.has(asset.lesson_id)) latest.set(asset.lesson_id, asset);
  const toLesson = (l: Lesson) => {
    const asset = latest.get(l.id);
    return {
      id: l.id,
      type: l.type,
      content_type: l.content_type,
      title: l.title,
      position: Number(l.position),
      is_preview: Boolean(l.is_preview),
      duration_seconds: Number(l.duration_seconds),
      video_url: l.video_url,
      content: l.content,
      document_url: l.document_url ?? null,
      video: asset
        ? {
            asset_id: asset.id,
            status: asset.status,
            progress_percent: Number(asset.progress_percent),
            error: asset.last_error,
          }
        : null,
    };
  };
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    type: course.type,
    category_id: course.category_id,
    teacher_id: course.teacher_id,
    summary: course.summary,
    description: course.description,
    price_new: course.price_new,
    price_old: course.price_old,
    thumbnail: course.thumbnail,
    is_published: Boolean(course.is_published),
    published_at: isoOrNull(course.published_at),
    publish_at: isoOrNull(course.publish_at ?? null),
    lesson_count: Number(course.lesson_count),
    pods: pods.map((p) => ({
      id: p.id,
      name: p.name,
      cycle: p.cycle,
      price: p.price,
      payment_type: p.payment_type,
      is_active: Boolean(p.is_active),
    })),
    chapters: lessons
      .filter((l) => l.parent_id === null)
      .map((chapter) => ({
        ...toLesson(chapter),
        lessons: lessons.filter((l) => l.parent_id === chapter.id).map(toLesson),
      })),
  };
}

/** A course as the studio's course editor shows it. */
export type StudioCourseDetail = ReturnType<typeof toCourseDetail>;
