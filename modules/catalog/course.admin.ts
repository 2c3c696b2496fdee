/**
 * Studio courses: create and edit courses, their packages and their lesson tree, publish and
 * unpublish. Every write is audited, refreshes the course's search document and empties the
 * catalog cache, so the public pages and search are current right after it.
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database, Role } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { iso, isoOrNull } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { Cache } from '../cache/index.ts';
import { buildCourseDocument, deleteSearchDocument, upsertSearchDocument } from '../search/index.ts';
import { assertCanEdit, teacherScope, type EditorViewer } from './course.access.ts';
import * as repo from './course.admin.repository.ts';
import type { CourseInput, LessonInput, LessonKind, PodInput } from './course.admin.schemas.ts';
import { toCourseDetail, type LessonVideo } from './course.admin.view.ts';
import { refreshLessonTotals } from './course.repository.ts';

/** What the course editor reads of the studio's actor (a teacher edits less); the rest is passed on. */
export interface CourseEditor {
  viewer: { role: Role };
}

/** What the course editor asks of the video module, the owner of uploads (wired by modules/services.ts). */
export interface CourseVideos {
  /** Queues a file on disk as the lesson's new video. */
  ingestFile(lessonId: number, file: string): Promise<LessonVideo>;
  /** Queues an object already in storage as the lesson's new video. */
  enqueue(lessonId: number, sourceKey: string): Promise<LessonVideo>;
  /** These lessons' uploads, newest first. */
  latestAssets(lessonIds: number[]): Promise<LessonVideo[]>;
}

export type CourseAdmin<Actor extends CourseEditor> = ReturnType<typeof createCourseAdmin<Actor>>;

export function createCourseAdmin<Actor extends CourseEditor>(deps: {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  /** The studio's audit log (modules/services.ts). */
  audit: AuditLog<Actor>;
  video: CourseVideos;
}) {
  const { db, cache, sanitize, audit } = deps;

  async function requireCourse(id: number) {
    const course = await repo.findCourse(db, id);
    if (!course) throw new AppError('NOT_FOUND', 'Không tìm thấy khóa học.');
    return course;
  }

  async function requireLesson(courseId: number, lessonId: number) {
    const lesson = await repo.findCourseLesson(db, courseId, lessonId);
    if (!lesson) throw new AppError('NOT_FOUND', 'Không tìm thấy bài học trong khóa học này.');
    return lesson;
  }

  /** The search document follows the course: indexed while published, removed otherwise. */
  async function syncCourse(courseId: number) {
    await refreshLessonTotals(db, courseId);
    const course = await requireCourse(courseId);
    if (course.is_published) {
      const teacher = await repo.teacherName(db, course.teacher_id);
      await upsertSearchDocument(
        db,
        buildCourseDocument({ ...course, teacherName: teacher?.full_name ?? null }),
        nowIso(),
      );
    } else {
      await deleteSearchDocument(db, 'course', courseId);
    }
    cache.invalidate('catalog:');
  }

  /** A slug from the Vietnamese title, made unique with -2, -3… */
  async function uniqueSlug(title: string, exceptId?: number): Promise<string> {
    const base = slugify(title) || 'khoa-hoc';
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
      if (!(await repo.slugTaken(db, slug, exceptId))) return slug;
    }
  }

  function courseValues(input: CourseInput) {
    return {
      title: input.title,
      type: input.type,
      category_id: input.category_id,
      teacher_id: input.teacher_id,
      summary: input.summary,
      description: input.description === null ? null : sanitize(input.description),
      price_new: input.price_new,
      price_old: input.price_old,
      thumbnail: input.thumbnail,
    };
  }

  async function detail(id: number) {
    const course = await requireCourse(id);
    const [pods, lessons] = await Promise.all([repo.listAllPods(db, id), repo.listTree(db, id)]);
    const videoIds = lessons.filter((l) => l.content_type === 'video').map((l) => l.id);
    return toCourseDetail(course, pods, lessons, await deps.video.latestAssets(videoIds));
  }

  async function list(
    query: { page: number; limit: number } & {
      q?: string | undefined;
      published?: boolean | undefined;
      teacherId?: number | undefined;
    },
  ) {
    const { rows, total } = await repo.searchCourses(
      db,
      { slugPart: slugify(query.q) || undefined, published: query.published, teacherId: query.teacherId },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    const items = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      type: row.type,
      is_published: Boolean(row.is_published),
      lesson_count: Number(row.lesson_count),
      price_new: row.price_new,
      updated_at: iso(row.updated_at),
    }));
    return { items, total };
  }

  async function create(actor: Actor, input: CourseInput) {
    const now = nowIso();
    // Two courses of the same title saved at once: the one that loses the slug takes the next one.
    const { id } = await retryOnUniqueViolation(async () =>
      repo.insertDraftCourse(db, { ...courseValues(input), slug: await uniqueSlug(input.title) }, now),
    );
    await audit(actor, 'course.create', { type: 'course', id }, { title: input.title, type: input.type });
    await syncCourse(id);
    return detail(id);
  }

  async function update(actor: Actor, id: number, given: CourseInput) {
    const course = await requireCourse(id);
    // A teacher edits the words and pictures; the type, the teacher and the prices stay as they are.
    const input: CourseInput =
      actor.viewer.role === 'teacher'
        ? {
            ...given,
            type: course.type,
            teacher_id: course.teacher_id,
            price_new: course.price_new,
            price_old: course.price_old,
          }
        : given;
    // The slug follows the title only until the course is first published: its address then stays.
    const slug = await retryOnUniqueViolation(async () => {
      const slug =
        course.published_at || course.title === input.title ? course.slug : await uniqueSlug(input.title, id);
      await repo.updateCourse(db, id, { ...courseValues(input), slug, updated_at: nowIso() });
      return slug;
    });
    await audit(actor, 'course.update', { type: 'course', id }, { title: input.title, slug });
    await syncCourse(id);
    return detail(id);
  }

  /** The rules a course must meet to be published (now or by the schedule). */
  async function assertPublishable(id: number) {
    await refreshLessonTotals(db, id);
    const lessons = (await repo.listTree(db, id)).filter((l) => l.type === 'content');
    if (lessons.length === 0) throw new AppError('BUSINESS_RULE', 'Không thể xuất bản: khóa học chưa có bài học nào.');
    if ((await repo.countActivePods(db, id)) === 0)
      throw new AppError('BUSINESS_RULE', 'Không thể xuất bản: khóa học chưa có gói học nào đang bán.');
  }

  async function setPublished(actor: Actor, id: number, published: boolean) {
    const course = await requireCourse(id);
    if (published) await assertPublishable(id);
    const now = nowIso();
    await repo.updateCourse(db, id, {
      publish_at: null,
      is_published: published ? 1 : 0,
      published_at: course.published_at ? isoOrNull(course.published_at) : published ? now : null,
      updated_at: now,
    });
    await audit(actor, published ? 'course.publish' : 'course.unpublish', { type: 'course', id }, {});
    await syncCourse(id);
    return detail(id);
  }

  async function addPod(actor: Actor, courseId: number, input: PodInput) {
    await requireCourse(courseId);
    const now = nowIso();
    const { id } = await repo.insertPod(db, {
      course_id: courseId,
      name: input.name,
      cycle: input.cycle,
      price: input.price,
      payment_type: input.payment_type,
      is_active: input.is_active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    });
    await audit(actor, 'pod.create', { type: 'course', id: courseId }, { pod_id: id, ...input });
    await syncCourse(courseId);
    return detail(courseId);
  }

  async function updatePod(actor: Actor, courseId: number, podId: number, input: PodInput) {
    await requireCourse(courseId);
    if (!(await repo.findPod(db, courseId, podId))) throw new AppError('NOT_FOUND', 'Không tìm thấy gói học.');
    await repo.updatePod(db, podId, {
      name: input.name,
      cycle: input.cycle,
      price: input.price,
      payment_type: input.payment_type,
      ...(input.is_active === undefined ? {} : { is_active: input.is_active ? 1 : 0 }),
      updated_at: nowIso(),
    });
    await audit(actor, 'pod.update', { type: 'course', id: courseId }, { pod_id: podId, ...input });
    await syncCourse(courseId);
    return detail(courseId);
  }

  async function addChapter(actor: Actor, courseId: number, title: string) {
    await requireCourse(courseId);
    const now = nowIso();
    const { id } = await repo.insertTreeNode(db, {
      course_id: courseId,
      parent_id: null,
      type: 'category',
      content_type: null,
      title,
      duration_seconds: 0,
      is_preview: 0,
      video_url: null,
      content: null,
      created_at: now,
      updated_at: now,
    });
    await audit(actor, 'lesson.create', { type: 'course', id: courseId }, { lesson_id: id, title, chapter: true });
    await syncCourse(courseId);
    return detail(courseId);
  }

  function lessonValues(input: LessonInput) {
    return {
      title: input.title,
      ...(input.is_preview === undefined ? {} : { is_preview: input.is_preview ? 1 : 0 }),
      ...(input.duration_seconds === undefined ? {} : { duration_seconds: input.duration_seconds }),
      ...(input.video_url === undefined ? {} : { video_url: input.video_url }),
      ...(input.content === undefined ? {} : { content: input.content === null ? null : sanitize(input.content) }),
      ...(input.document_url === undefined ? {} : { document_url: input.document_url }),
    };
  }

  async function addLesson(
    actor: Actor,
    courseId: number,
    chapterId: number,
    input: LessonInput & { content_type: LessonKind },
  ) {
    const chapter = await requireLesson(courseId, chapterId);
    if (chapter.type !== 'category')
      throw new AppError('BUSINESS_RULE', 'Bài học phải nằm trong một chương.', { chapter_id: 'Không phải chương.' });
    const now = nowIso();
    const { id } = await repo.insertTreeNode(db, {
      course_id: courseId,
      parent_id: chapterId,
      type: 'content',
      content_type: input.content_type,
      is_preview: 0,
      duration_seconds: 0,
      video_url: null,
      content: null,
      ...lessonValues(input),
      created_at: now,
      updated_at: now,
    });
    await audit(
      actor,
      'lesson.create',
      { type: 'course', id: courseId },
      { lesson_id: id, title: input.title, content_type: input.content_type },
    );
    await syncCourse(courseId);
    return detail(courseId);
  }

  async function updateLesson(actor: Actor, courseId: number, lessonId: number, input: LessonInput) {
    await requireLesson(courseId, lessonId);
    await repo.updateLesson(db, lessonId, { ...lessonValues(input), updated_at: nowIso() });
    await audit(actor, 'lesson.update', { type: 'course', id: courseId }, { lesson_id: lessonId, title: input.title });
    await syncCourse(courseId);
    return detail(courseId);
  }

  async function deleteLesson(actor: Actor, courseId: number, lessonId: number) {
    const lesson = await requireLesson(courseId, lessonId);
    if ((await repo.countChildren(db, lessonId)) > 0)
      throw new AppError('BUSINESS_RULE', 'Hãy xóa hoặc chuyển các bài học trong chương trước khi xóa chương.');
    await repo.deleteLesson(db, lessonId);
    await audit(actor, 'lesson.delete', { type: 'course', id: courseId }, { lesson_id: lessonId, title: lesson.title });
    await syncCourse(courseId);
    return detail(courseId);
  }

  /** Swaps a lesson with its neighbour among its siblings; positions are renumbered in one transaction. */
  async function moveLesson(actor: Actor, courseId: number, lessonId: number, direction: 'up' | 'down') {
    const lesson = await requireLesson(courseId, lessonId);
    await db.transaction().execute(async (trx) => {
      const ids = (await repo.listSiblings(trx, courseId, lesson.parent_id)).map((s) => s.id);
      const at = ids.indexOf(lessonId);
      const to = direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= ids.length) return;
      [ids[at], ids[to]] = [ids[to]!, ids[at]!];
      for (const [position, id] of ids.entries()) await repo.setPosition(trx, id, position);
    });
    await audit(actor, 'lesson.move', { type: 'course', id: courseId }, { lesson_id: lessonId, direction });
    await syncCourse(courseId);
    return detail(courseId);
  }

  /** Checked before an upload is read: the lesson is a video lesson of this course. */
  async function requireVideoLesson(courseId: number, lessonId: number) {
    const lesson = await requireLesson(courseId, lessonId);
    if (lesson.content_type !== 'video')
      throw new AppError('BUSINESS_RULE', 'Bài học này không phải bài học video.', {
        lesson_id: 'Không phải bài video.',
      });
  }

  /** Queues an uploaded source file for a video lesson of this course. */
  async function uploadVideo(actor: Actor, courseId: number, lessonId: number, file: string) {
    await requireVideoLesson(courseId, lessonId);
    const asset = await deps.video.ingestFile(lessonId, file);
    await audit(actor, 'lesson.video', { type: 'course', id: courseId }, { lesson_id: lessonId, asset_id: asset.id });
    return { asset_id: asset.id, status: asset.status, progress_percent: Number(asset.progress_percent) };
  }

  /** A source already in storage (a resumable upload's completed multipart object) goes to transcoding. */
  async function queueVideoSource(actor: Actor, courseId: number, lessonId: number, sourceKey: string) {
    await requireVideoLesson(courseId, lessonId);
    const asset = await deps.video.enqueue(lessonId, sourceKey);
    await audit(actor, 'lesson.video', { type: 'course', id: courseId }, { lesson_id: lessonId, asset_id: asset.id });
    return { asset_id: asset.id, status: asset.status, progress_percent: Number(asset.progress_percent) };
  }

  async function videoStatus(courseId: number, lessonId: number) {
    await requireLesson(courseId, lessonId);
    const [asset] = await deps.video.latestAssets([lessonId]);
    if (!asset) return { asset_id: null, status: 'none', progress_percent: 0, error: null };
    return {
      asset_id: asset.id,
      status: asset.status,
      progress_percent: Number(asset.progress_percent),
      error: asset.last_error,
    };
  }

  return {
    /** Teacher scoping (course-access.ts): undefined for editors and admins. */
    teacherScope: (viewer: EditorViewer) => teacherScope(db, viewer),
    assertCanEdit: async (viewer: EditorViewer, courseId: number) =>
      assertCanEdit(db, viewer, await requireCourse(courseId)),
    assertPublishable,
    syncCourse,
    list,
    detail,
    create,
    update,
    setPublished,
    addPod,
    updatePod,
    addChapter,
    addLesson,
    updateLesson,
    deleteLesson,
    moveLesson,
    requireVideoLesson,
    uploadVideo,
    queueVideoSource,
    videoStatus,
  };
}
