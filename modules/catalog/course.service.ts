/** Courses: the filtered list, details with curriculum and ratings, preview lessons, reviews, views. */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Cache } from '../cache/cache.ts';
import type { SearchService } from '../search/search.service.ts';
import { encodeAnswer, type EncodedAnswer } from '../../kernel/http/public-cache.ts';
import * as catalogRepo from './catalog.repository.ts';
import type { CourseListQuery } from './catalog.schemas.ts';
import * as repo from './course.repository.ts';
import { averageRating, buildLessonTree, mapCourseRows, PRICE_RANGES, type CourseItem } from './course-mapping.ts';

const HOT_TTL_MS = 30_000;
export const COURSE_NOT_FOUND = 'Không tìm thấy khóa học';

export interface CourseServiceDeps {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  search: SearchService;
}

export type CourseService = ReturnType<typeof createCourseService>;
export interface CourseList {
  items: CourseItem[];
  total: number;
}
type CourseRef = { id?: number | undefined; slug?: string | undefined };

/** The cache key of a course reference (the lookup matches both when both are given). */
const refKey = (by: CourseRef) => `${by.id ?? ''}/${by.slug ?? ''}`;
export type PurchasablePod = repo.PurchasablePod;

export function createCourseService({ db, cache, sanitize, search }: CourseServiceDeps) {
  async function loadItems(filter: repo.CourseFilter, sort: repo.CourseSort, page: number, limit: number) {
    const rows = await repo.listCourses(db, filter, sort, page, limit);
    const pods = await repo.listPods(
      db,
      rows.map((row) => row.id),
    );
    return mapCourseRows(rows, pods);
  }

  /** Turns the query string of course.json (slugs, range ids) into a repository filter. */
  async function buildFilter(query: Omit<CourseListQuery, 'page' | 'limit'>): Promise<repo.CourseFilter> {
    const filter: repo.CourseFilter = {};
    if (query.category) {
      const category = await catalogRepo.findActiveCategoryBySlug(db, 'course', query.category);
      if (!category) throw new AppError('NOT_FOUND', 'Không tìm thấy danh mục khóa học');
      const children = (await catalogRepo.listActiveCategories(db, 'course')).filter(
        (row) => row.parent_id === category.id,
      );
      filter.categoryIds = [category.id, ...children.map((row) => row.id)];
    }
    if (query.subject) {
      const subject = await catalogRepo.findActiveSubjectBySlug(db, query.subject);
      if (!subject) throw new AppError('NOT_FOUND', 'Không tìm thấy chủ đề');
      filter.subjectId = subject.id;
    }
    if (query.teacher) {
      const teacher = await catalogRepo.findActiveTeacher(db, { slug: query.teacher });
      if (!teacher) throw new AppError('NOT_FOUND', 'Không tìm thấy giảng viên');
      filter.teacherId = teacher.id;
    }
    if (query.type) filter.type = query.type;
    if (query.platform) filter.platform = query.platform;
    if (query.price_range) {
      const range = PRICE_RANGES.find((item) => item.id === query.price_range);
      if (!range)
        throw new AppError('VALIDATION_FAILED', 'Khoảng giá không hợp lệ.', {
          price_range: 'Khoảng giá không hợp lệ.',
        });
      filter.priceMin = range.min;
      if (range.max !== null) filter.priceMax = range.max;
    }
    if (query.free) filter.free = true;
    if (query.hot) filter.hot = true;
    if (query.keyword?.trim()) filter.ids = await search.findIds(query.keyword, 'course');
    return filter;
  }

  async function listCourses(query: CourseListQuery): Promise<CourseList> {
    const key = `catalog:courses:${JSON.stringify(query)}`;
    return cache.wrap(key, HOT_TTL_MS, async () => {
      const filter = await buildFilter(query);
      const [items, total] = await Promise.all([
        loadItems(filter, query.sort ?? 'newest', query.page, query.limit),
        repo.countCourses(db, filter),
      ]);
      return { items, total };
    });
  }

  async function listCoursesByIds(ids: number[]): Promise<CourseItem[]> {
    if (ids.length === 0) return [];
    const items = await loadItems({ ids }, 'newest', 1, ids.length);
    const byId = new Map(items.map((item) => [item.id, item]));
    return ids.map((id) => byId.get(id)).filter((item): item is CourseItem => item !== undefined);
  }

  async function requireCourse(by: { id?: number | undefined; slug?: string | undefined }) {
    const course = await repo.findPublishedCourse(db, {
      ...(by.id !== undefined ? { id: by.id } : {}),
      ...(by.slug !== undefined ? { slug: by.slug } : {}),
    });
    if (!course) throw new AppError('NOT_FOUND', COURSE_NOT_FOUND);
    return course;
  }

  /** Details by id or slug, looked up inside the cache: a hit reads nothing from the database. */
  async function getCourseDetails(by: CourseRef, viewerId?: number) {
    const details = await cache.wrap(`catalog:course:${refKey(by)}`, HOT_TTL_MS, () => loadCourseDetails(by));
    if (viewerId !== undefined) await catalogRepo.recordCourseView(db, viewerId, details.id, nowIso());
    return details;
  }

  async function loadCourseDetails(by: CourseRef) {
    const course = await requireCourse(by);
    const [[item], pods, subjects, lessons, ratings, childIds, teacher, category] = await Promise.all([
      loadItems({ ids: [course.id] }, 'newest', 1, 1),
      repo.listPods(db, [course.id]),
      repo.listCourseSubjects(db, course.id),
      repo.listLessons(db, course.id),
      repo.countVisibleReviewsByRating(db, course.id),
      repo.listChildIds(db, course.id),
      course.teacher_id === null ? undefined : catalogRepo.findActiveTeacher(db, { id: course.teacher_id }),
      course.category_id === null ? undefined : catalogRepo.findCategoryRef(db, course.category_id),
    ]);
    const related =
      course.category_id === null
        ? []
        : await loadItems({ categoryIds: [course.category_id], excludeIds: [course.id] }, 'popular', 1, 8);
    const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const row of ratings) distribution[String(row.rating)] = Number(row.count);
    const base = item!;
    const firstPrice = course.type === 'retail' ? (course.price_new ?? 0) : (pods[0]?.price ?? -1);
    return {
      ...base,
      summary: course.summary,
      description: sanitize(course.description ?? ''),
      level: course.level,
      lesson_count: course.lesson_count,
      duration_seconds: course.duration_seconds,
      enrolment_count: course.enrolment_count,
      is_free: firstPrice === 0,
      category: category ?? null,
      subjects,
      teacher_profile: teacher
        ? {
            id: teacher.id,
            slug: teacher.slug,
            full_name: teacher.full_name,
            headline: teacher.headline,
            avatar: teacher.avatar,
            bio: teacher.bio ? sanitize(teacher.bio) : null,
          }
        : null,
      pods: pods.map((pod) => ({
        id: pod.id,
        name: pod.name,
        cycle: pod.cycle,
        price: pod.price,
        payment_type: pod.payment_type,
      })),
      children: await listCoursesByIds(childIds),
      curriculum: buildLessonTree(lessons),
      related,
      rating_summary: {
        avg: averageRating(course.rating_sum, course.rating_count),
        count: course.rating_count,
        distribution,
      },
      published_at: course.published_at === null ? null : readDate(course.published_at).toISOString(),
      updated_at: readDate(course.updated_at).toISOString(),
    };
  }

  /** A public answer (anonymous: no view recorded) serialised once per cache entry, with its ETag. */
  function cachedAnswer<T>(key: string, load: () => Promise<T>, encode: (value: T) => string): Promise<EncodedAnswer> {
    return cache.wrap(`catalog:answer:${key}`, HOT_TTL_MS, async () => encodeAnswer(encode(await load())));
  }

  async function getCurriculum(by: { id?: number | undefined; slug?: string | undefined }) {
    const course = await requireCourse(by);
    return {
      course_id: course.id,
      course_slug: course.slug,
      course_title: course.title,
      /** The learning platform (SPEC §3): the study page offers the installed app for `flatform_app`. */
      flatform_type: course.flatform_type,
      lessons: buildLessonTree(await repo.listLessons(db, course.id)),
    };
  }

  async function listReviews(by: { id?: number | undefined; slug?: string | undefined }, page: number, limit: number) {
    const course = await requireCourse(by);
    const rows = await repo.listVisibleReviews(db, course.id, page, limit);
    return {
      items: rows.map((row) => ({ ...row, created_at: readDate(row.created_at).toISOString() })),
      total: course.rating_count,
    };
  }

  async function listViewedCourses(viewerId: number, limit = 40): Promise<CourseItem[]> {
    return listCoursesByIds(await catalogRepo.listViewedCourseIds(db, viewerId, limit));
  }

  /** Packages that can be bought now, keyed by pod id (prices always read here, never from a client). */
  async function findPurchasablePods(podIds: number[]) {
    const rows = await repo.findPurchasablePods(db, [...new Set(podIds)]);
    return new Map(rows.map((row) => [row.pod_id, row]));
  }

  return {
    listCourses,
    findPurchasablePods,
    /** The child courses a combo grants. */
    listComboChildIds: (comboId: number) => repo.listChildIds(db, comboId),
    listCoursesByIds,
    getCourseDetails,
    /** course/details.json for anonymous readers: cached serialised with its ETag. */
    getCourseDetailsAnswer: (
      by: CourseRef,
      encode: (details: Awaited<ReturnType<typeof getCourseDetails>>) => string,
    ) => cachedAnswer(`course:${refKey(by)}`, () => getCourseDetails(by), encode),
    /** course.json for anonymous readers: cached serialised with its ETag. */
    listCoursesAnswer: (query: CourseListQuery, encode: (list: CourseList) => string) =>
      cachedAnswer(`courses:${JSON.stringify(query)}`, () => listCourses(query), encode),
    getCurriculum,
    listReviews,
    listViewedCourses,
    listPriceRanges: () => PRICE_RANGES.map((range) => ({ ...range })),
    listSlugs: () => repo.listPublishedCourseSlugs(db),
    invalidate: () => cache.invalidate('catalog:'),
  };
}
