/** Shared loader logic of /khoa-hoc and /danh-muc/{slug}: filters, sort and page from the URL. */
import type { AppLoadContext } from 'react-router';
import { isAppError } from '../lib/errors';
import { courseListQuery, type CourseListQuery } from '../modules/catalog/catalog.schemas';

export const COURSE_PAGE_SIZE = 12;
const FILTER_KEYS = ['category', 'subject', 'type', 'platform', 'price_range', 'free', 'hot', 'sort', 'page'] as const;

/** Reads the URL's filters one by one: an invalid value is ignored rather than failing the page. */
export function readCourseQuery(url: URL, fixed: Partial<CourseListQuery> = {}): CourseListQuery {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value === null || value === '') continue;
    const single = courseListQuery
      .pick({ [key]: true } as Record<(typeof FILTER_KEYS)[number], true>)
      .safeParse({ [key]: value });
    if (single.success) raw[key] = value;
  }
  const parsed = courseListQuery.parse({ ...raw, limit: String(COURSE_PAGE_SIZE) });
  return { ...parsed, page: Math.min(parsed.page, 1000), ...fixed };
}

export async function loadCourseFilters(context: AppLoadContext) {
  const [categories, subjects] = await Promise.all([
    context.services.catalog.listCategories('course'),
    context.services.catalog.listSubjects(),
  ]);
  return { categories, subjects, priceRanges: context.services.course.listPriceRanges() };
}

/** The list for a page: an unknown category or subject in the URL is dropped rather than a 404. */
export async function listCoursesLenient(context: AppLoadContext, query: CourseListQuery) {
  try {
    return { ...(await context.services.course.listCourses(query)), query };
  } catch (error) {
    if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    const { subject: _subject, teacher: _teacher, category, ...rest } = query;
    // On /danh-muc/{slug} the category is known to exist; on /khoa-hoc an unknown one is dropped.
    const known = category && (await context.services.catalog.findCategory('course', category)) ? { category } : {};
    return { ...(await context.services.course.listCourses({ ...rest, ...known })), query: { ...rest, ...known } };
  }
}
