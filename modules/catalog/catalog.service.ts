/** Categories of every type, subjects and the learner's topics of interest, teachers. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { CategoryRow, Database, SubjectRow, TeacherRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Cache } from '../cache/cache.ts';
import * as repo from './catalog.repository.ts';

const HOT_TTL_MS = 30_000;
export type CategoryType = 'course' | 'post' | 'support';

export interface CategoryView {
  id: number;
  type: CategoryType;
  subtype: string | null;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  course_count?: number;
}

export interface SubjectView {
  id: number;
  type: 'field' | 'topic';
  slug: string;
  name: string;
  description: string | null;
  liked?: boolean;
}

export interface TeacherView {
  id: number;
  slug: string;
  full_name: string;
  headline: string | null;
  avatar: string | null;
  bio: string | null;
}

function mapCategory(row: CategoryRow): CategoryView {
  return {
    id: row.id,
    type: row.type,
    subtype: row.subtype,
    parent_id: row.parent_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
  };
}

function mapSubject(row: SubjectRow): SubjectView {
  return { id: row.id, type: row.type, slug: row.slug, name: row.name, description: row.description };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({
  db,
  cache,
  sanitize,
}: {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
}) {
  function mapTeacher(row: TeacherRow): TeacherView {
    return {
      id: row.id,
      slug: row.slug,
      full_name: row.full_name,
      headline: row.headline,
      avatar: row.avatar,
      bio: row.bio === null ? null : sanitize(row.bio),
    };
  }

  async function listCategories(type: CategoryType): Promise<CategoryView[]> {
    return cache.wrap(`catalog:categories:${type}`, HOT_TTL_MS, async () => {
      const rows = await repo.listActiveCategories(db, type);
      if (type !== 'course') return rows.map(mapCategory);
      const counts = new Map(
        (await repo.countCoursesByCategory(db)).map((row) => [row.category_id, Number(row.count)]),
      );
      return rows.map((row) => ({ ...mapCategory(row), course_count: counts.get(row.id) ?? 0 }));
    });
  }

  async function findCategory(type: CategoryType, slug: string): Promise<CategoryView | null> {
    return (await listCategories(type)).find((category) => category.slug === slug) ?? null;
  }

  async function requireCategory(type: CategoryType, slug: string): Promise<CategoryView> {
    const category = await findCategory(type, slug);
    if (!category) throw new AppError('NOT_FOUND', 'Không tìm thấy danh mục');
    return category;
  }

  async function listSubjects(options: { type?: 'field' | 'topic' | undefined; viewerId?: number | undefined } = {}) {
    const subjects = await cache.wrap(`catalog:subjects:${options.type ?? 'all'}`, HOT_TTL_MS, async () =>
      (await repo.listActiveSubjects(db, options.type)).map(mapSubject),
    );
    if (options.viewerId === undefined) return subjects;
    const liked = new Set(await repo.listLikedSubjectIds(db, options.viewerId));
    return subjects.map((subject) => ({ ...subject, liked: liked.has(subject.id) }));
  }

  async function setSubjectLike(viewerId: number, subjectId: number, liked: boolean): Promise<SubjectView> {
    const subject = await repo.findActiveSubjectById(db, subjectId);
    if (!subject) throw new AppError('NOT_FOUND', 'Không tìm thấy chủ đề');
    if (liked) await repo.likeSubject(db, viewerId, subjectId, nowIso());
    else await repo.unlikeSubject(db, viewerId, subjectId);
    return { ...mapSubject(subject), liked };
  }

  async function listTeachers(page: number, limit: number) {
    const [rows, total] = await Promise.all([repo.listActiveTeachers(db, page, limit), repo.countActiveTeachers(db)]);
    return { items: rows.map(mapTeacher), total };
  }

  async function getTeacher(by: { id?: number | undefined; slug?: string | undefined }): Promise<TeacherView> {
    const row = await repo.findActiveTeacher(db, {
      ...(by.id !== undefined ? { id: by.id } : {}),
      ...(by.slug !== undefined ? { slug: by.slug } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy giảng viên');
    return mapTeacher(row);
  }

  async function findTeacherSlug(slug: string): Promise<boolean> {
    return (await repo.findActiveTeacher(db, { slug })) !== undefined;
  }

  return {
    listCategories,
    findCategory,
    requireCategory,
    listSubjects,
    setSubjectLike,
    listTeachers,
    getTeacher,
    findTeacherSlug,
    /** Titles of courses or names of categories by id, in any state (the studio's promotions and codes). */
    titlesOf: (kind: 'courses' | 'categories', ids: number[]) =>
      kind === 'courses' ? repo.courseTitles(db, [...new Set(ids)]) : repo.categoryTitles(db, [...new Set(ids)]),
    /** A course's own affiliate commission rate (null: the default; the studio's affiliates); false: no such course. */
    setAffiliateRate: (courseId: number, rate: number | null) => repo.setCourseAffiliateRate(db, courseId, rate),
    /** Names and SMS codes of packages by id, in any state (the studio's carrier subscriptions). */
    packagesOf: (ids: number[]) => repo.packageNames(db, [...new Set(ids)]),
    /** Every course with each of its packages, by title (what an activation-code batch may be bound to). */
    coursesWithPackages: () => repo.coursesWithPackages(db, 2000),
    /** A course in any state by id (id, title, slug, type), or undefined: what a staff grant names. */
    courseRef: (id: number) => repo.findCourseRef(db, id),
    /** Courses to choose from when granting one (by title, at most 500). */
    courseChoices: () => repo.courseChoices(db, 500),
    invalidate: () => cache.invalidate('catalog:'),
  };
}
