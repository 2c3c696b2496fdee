/** Loaders of the study page and of "my courses" (both account pages and /mycourse). */
import type { AppLoadContext } from 'react-router';
import { isAppError } from '../lib/errors';
import { isAppOnly } from '../lib/platform';
import type { LessonNodeShape } from '../modules/catalog/catalog.schemas';
import { myCoursesTab, pickMyCourses } from './components/learning/my-courses-tabs';
import { loadOr404 } from './not-found.server';

export type StudyLessonLink = { id: number; title: string; done: boolean };

function flatten(nodes: LessonNodeShape[]): LessonNodeShape[] {
  return nodes.flatMap((node) =>
    node.type === 'content' ? [node, ...flatten(node.children)] : flatten(node.children),
  );
}

/** The learner's own part of a study page shared by the enrolled learners (its frame): marks and progress. */
export async function loadStudyPersonal(context: AppLoadContext, viewerId: number, slug: string, lessonId: number) {
  const { learning } = context.services;
  const [curriculum, lesson] = await Promise.all([
    learning.getCurriculum(viewerId, { slug }).catch(() => null),
    learning.lessonProgress(viewerId, lessonId),
  ]);
  if (!curriculum) return null;
  return {
    done: flatten(curriculum.lessons)
      .filter((node) => node.done)
      .map((node) => node.id),
    progress: curriculum.progress,
    lesson: { id: lessonId, progress: lesson },
  };
}

export type StudyPersonal = NonNullable<Awaited<ReturnType<typeof loadStudyPersonal>>>;

/**
 * /vao-hoc/{slug}?bai={lessonId}: the curriculum with done marks, the current lesson (the one asked
 * for, else the last one studied, else the first) and its content, or why it is closed.
 */
export async function loadStudy(request: Request, context: AppLoadContext, slug: string) {
  const viewerId = context.viewer?.id ?? null;
  const { learning, lessonAccess } = context.services;
  const curriculum = await loadOr404(request, () => learning.getCurriculum(viewerId, { slug }));
  // Shared by the learners enrolled in this course (server/http/page-cache.ts): the lesson as any of
  // them sees it, no marks and no progress; the browser asks for the learner's own (/ca-nhan.json).
  const frame = viewerId === null && context.enrolledIn != null && context.enrolledIn === curriculum.course_id;
  const lessons = flatten(curriculum.lessons);
  const asked = Number(new URL(request.url).searchParams.get('bai'));
  const current =
    lessons.find((lesson) => lesson.id === asked) ??
    lessons.find((lesson) => lesson.id === curriculum.progress?.last_lesson_id) ??
    lessons[0] ??
    null;
  const [enrolment, opened] = await Promise.all([
    frame
      ? { state: 'active' as const }
      : viewerId === null
        ? null
        : lessonAccess.standing(viewerId, curriculum.course_id),
    !current
      ? null
      : frame
        ? learning
            .getEnrolledLessonContent(curriculum.course_id, current.id)
            .then((lesson) => ({ lesson, denied: null }))
        : openLesson(context, viewerId, current.id),
  ]);
  const index = current ? lessons.indexOf(current) : -1;
  const link = (lesson: LessonNodeShape | undefined): StudyLessonLink | null =>
    lesson ? { id: lesson.id, title: lesson.title, done: lesson.done === true } : null;
  return {
    course: {
      id: curriculum.course_id,
      slug: curriculum.course_slug,
      title: curriculum.course_title,
      appOnly: isAppOnly(curriculum.flatform_type),
    },
    curriculum: curriculum.lessons,
    progress: curriculum.progress,
    lessonCount: lessons.length,
    /** The lessons in order with their type ("Tải về cả khóa học"). */
    lessonTypes: lessons.map((lesson) => ({ id: lesson.id, content_type: lesson.content_type })),
    doneCount: lessons.filter((lesson) => lesson.done).length,
    current: link(current ?? undefined),
    previous: link(lessons[index - 1]),
    next: link(lessons[index + 1]),
    enrolment: enrolment?.state ?? (viewerId === null ? 'anonymous' : 'none'),
    signedIn: viewerId !== null || frame,
    /** A frame: the marks, the progress and the lesson's resume point come from /ca-nhan.json. */
    frame,
    ...(opened ?? { lesson: null, denied: null }),
  };
}

async function openLesson(context: AppLoadContext, viewerId: number | null, lessonId: number) {
  try {
    return { lesson: await context.services.learning.getLessonContent(viewerId, lessonId), denied: null };
  } catch (error) {
    if (isAppError(error) && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN')) {
      const reason = (error.fields?.reason ?? 'not_enrolled') as 'anonymous' | 'not_enrolled' | 'expired';
      return { lesson: null, denied: { reason, message: error.message } };
    }
    throw error;
  }
}

/** What "my courses" shows a learner: every enrolled course and a few viewed ones (the tab picks from them). */
export async function loadMyCoursesData(context: AppLoadContext, viewerId: number) {
  const [courses, viewed] = await Promise.all([
    context.services.learning.listMyCourses(viewerId),
    context.services.course.listViewedCourses(viewerId, 4),
  ]);
  return { courses, viewed };
}

/** "My courses": every enrolled course, the tab asked for (`?loc=`), and a few viewed courses. */
export async function loadMyCourses(request: Request, context: AppLoadContext, viewerId: number) {
  const { courses, viewed } = await loadMyCoursesData(context, viewerId);
  return { ...pickMyCourses(courses, myCoursesTab(new URL(request.url).search)), viewed };
}
