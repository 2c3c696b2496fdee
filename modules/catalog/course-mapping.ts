/** Rows → the API shapes of the catalog (the fixed course list item, lesson trees, ratings). */
import type { CourseType } from '../../db/schema.ts';
import type { CourseListItem } from '../../lib/course-card.ts';
import type { LessonNodeShape } from './catalog.schemas.ts';
import type { CourseListRow } from './course.repository.ts';

export interface CourseItem extends CourseListItem {
  type: CourseType;
  pods: Array<{ id: number; cycle: number; price: number; payment_type: string }>;
  flatform_type: string;
  total_child: number;
  rating_avg: number;
  rating_count: number;
}

export interface PodRowLike {
  id: number;
  course_id: number;
  name: string | null;
  cycle: number;
  price: number;
  payment_type: string;
}

export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}

export function mapCourseRows(rows: CourseListRow[], pods: PodRowLike[]): CourseItem[] {
  const podsByCourse = new Map<number, PodRowLike[]>();
  for (const pod of pods) {
    const list = podsByCourse.get(pod.course_id) ?? [];
    list.push(pod);
    podsByCourse.set(pod.course_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    thumbnail: row.thumbnail,
    teacher:
      row.teacher_id !== null && row.teacher_slug && row.teacher_full_name
        ? { id: row.teacher_id, slug: row.teacher_slug, full_name: row.teacher_full_name }
        : null,
    flatform_type: row.flatform_type,
    total_child: Number(row.total_child),
    price_new: row.price_new,
    price_old: row.price_old,
    pods: (podsByCourse.get(row.id) ?? []).map((pod) => ({
      id: pod.id,
      cycle: pod.cycle,
      price: pod.price,
      payment_type: pod.payment_type,
    })),
    rating_avg: averageRating(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
  }));
}

export interface LessonRowLike {
  id: number;
  parent_id: number | null;
  type: 'category' | 'content';
  content_type: string | null;
  title: string;
  duration_seconds: number;
  is_preview: number;
}

/** The public curriculum: chapters with their lessons, in order (no lesson content). */
export function buildLessonTree(rows: LessonRowLike[]): LessonNodeShape[] {
  const nodes = new Map<number, LessonNodeShape>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parent_id: row.parent_id,
      type: row.type,
      content_type: row.content_type,
      title: row.title,
      duration_seconds: row.duration_seconds,
      is_preview: row.is_preview === 1,
      children: [],
    });
  }
  const roots: LessonNodeShape[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export const PRICE_RANGES = [
  { id: 'mien-phi', title: 'Miễn phí', min: 0, max: 0 },
  { id: 'duoi-200k', title: 'Dưới 200.000đ', min: 1, max: 199_999 },
  { id: '200k-500k', title: 'Từ 200.000đ đến 500.000đ', min: 200_000, max: 500_000 },
  { id: '500k-1m', title: 'Từ 500.000đ đến 1.000.000đ', min: 500_001, max: 1_000_000 },
  { id: 'tren-1m', title: 'Trên 1.000.000đ', min: 1_000_001, max: null },
] as const;

export const COURSE_SORT_LABELS = {
  newest: 'Mới nhất',
  popular: 'Phổ biến',
  price_asc: 'Giá tăng dần',
  price_desc: 'Giá giảm dần',
  rating: 'Đánh giá cao',
} as const;
