/**
 * The study page of a learner who got the frame shared by everyone enrolled in the course
 * (server/http/page-cache.ts): the frame carries the curriculum and the lesson without anyone's
 * progress, and this hook lays the learner's own part (/ca-nhan.json) over it once it arrives.
 * A page rendered for one learner (a client navigation, a revalidation) already has its own part.
 */
import type { loadStudy, StudyPersonal } from '../../learning.server';
import { useLocation } from 'react-router';
import { pagePersonalKey, usePagePersonal, usePagePersonalFailed, usePersonal } from '../personal';

type LessonProgress = StudyPersonal['lesson']['progress'];

/** A node of the curriculum tree (a chapter or a lesson, with the learner's mark on lessons). */
interface CurriculumNode {
  id: number;
  type: 'category' | 'content';
  done?: boolean;
  children: CurriculumNode[];
}

interface StudyData<Lesson> {
  frame: boolean;
  curriculum: Awaited<ReturnType<typeof loadStudy>>['curriculum'];
  progress: StudyPersonal['progress'];
  doneCount: number;
  lesson: Lesson | null;
  previous: { id: number; title: string; done: boolean } | null;
  next: { id: number; title: string; done: boolean } | null;
}

export interface StudyView<Lesson> {
  curriculum: Awaited<ReturnType<typeof loadStudy>>['curriculum'];
  progress: StudyPersonal['progress'];
  /** Null while the learner's marks are not known (the frame, before /ca-nhan.json answers). */
  doneCount: number | null;
  /** The lesson; its `progress` is undefined while not known. */
  lesson: (Omit<Lesson, 'progress'> & { progress: LessonProgress | undefined }) | null;
  previous: StudyData<Lesson>['previous'];
  next: StudyData<Lesson>['next'];
  /** The learner's part could not be fetched (offline, a server error): the lesson works without it. */
  personalFailed: boolean;
  /** The learner was signed out (elsewhere) between the frame and their part. */
  sessionEnded: boolean;
}

function markDone<Node extends CurriculumNode>(nodes: Node[], done: Set<number>): Node[] {
  return nodes.map((node) => ({
    ...node,
    ...(node.type === 'content' ? { done: done.has(node.id) } : {}),
    children: markDone(node.children as Node[], done),
  }));
}

export function useStudyView<Lesson extends { id: number; content_type: string | null; progress: LessonProgress }>(
  data: StudyData<Lesson>,
): StudyView<Lesson> {
  const personal = usePagePersonal<StudyPersonal>();
  const failed = usePagePersonalFailed();
  const { bits, path } = usePersonal();
  const { pathname, search } = useLocation();
  if (!data.frame) return { ...data, personalFailed: false, sessionEnded: false };
  const mine = personal?.done && personal.lesson ? (personal as StudyPersonal) : null;
  if (!mine) {
    // Not known yet, or not to be had (offline): a text is studied as unopened (opening it counts),
    // a video as unknown (no resume point is claimed; its later writes carry the real position).
    const unknown = failed && data.lesson?.content_type !== 'video' ? null : undefined;
    return {
      curriculum: data.curriculum,
      progress: null,
      doneCount: null,
      lesson: data.lesson ? { ...data.lesson, progress: unknown } : null,
      previous: data.previous,
      next: data.next,
      personalFailed: failed,
      sessionEnded: bits !== null && bits.viewer === null && path === pagePersonalKey(pathname, search),
    };
  }
  const done = new Set(mine.done);
  const link = (item: StudyData<Lesson>['next']) => (item ? { ...item, done: done.has(item.id) } : null);
  return {
    curriculum: markDone(data.curriculum, done),
    progress: mine.progress,
    doneCount: mine.done.length,
    lesson:
      data.lesson && mine.lesson.id === data.lesson.id
        ? { ...data.lesson, progress: mine.lesson.progress }
        : data.lesson,
    previous: link(data.previous),
    next: link(data.next),
    personalFailed: false,
    sessionEnded: false,
  };
}
