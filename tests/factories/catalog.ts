/**
 * Factories for the catalog: categories (every type), subjects, teachers, courses with packages,
 * lessons and reviews. Courses are indexed for search as they are written. Shared by tests and seed.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type {
  Database,
  NewCategory,
  NewCourse,
  NewCoursePod,
  NewCourseReview,
  NewLesson,
  NewSubject,
  NewTeacher,
} from '../../db/schema.ts';
import { slugify } from '../../lib/text/slug.ts';
import * as catalogRepo from '../../modules/catalog/catalog.repository.ts';
import * as courseRepo from '../../modules/catalog/course.repository.ts';
import { insertReview } from '../../modules/reviews/reviews.repository.ts';
import { buildCourseDocument } from '../../modules/search/documents.ts';
import { upsertSearchDocument } from '../../modules/search/search.repository.ts';

let sequence = 0;
const next = () => ++sequence;

export async function createCategory(db: Kysely<Database>, overrides: Partial<NewCategory> = {}) {
  const n = next();
  const now = nowIso();
  const name = overrides.name ?? `Danh mục ${n}`;
  const category: NewCategory = {
    type: 'course',
    subtype: null,
    parent_id: null,
    slug: `${slugify(name)}-${n}`,
    name,
    description: null,
    icon: null,
    position: n,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await catalogRepo.insertCategory(db, category);
  return { ...category, id };
}

export async function createSubject(db: Kysely<Database>, overrides: Partial<NewSubject> = {}) {
  const n = next();
  const now = nowIso();
  const name = overrides.name ?? `Chủ đề ${n}`;
  const subject: NewSubject = {
    type: 'topic',
    slug: `${slugify(name)}-${n}`,
    name,
    description: null,
    position: n,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await catalogRepo.insertSubject(db, subject);
  return { ...subject, id };
}

export async function createTeacher(db: Kysely<Database>, overrides: Partial<NewTeacher> = {}) {
  const n = next();
  const now = nowIso();
  const fullName = overrides.full_name ?? `Giảng viên ${n}`;
  const teacher: NewTeacher = {
    slug: `${slugify(fullName)}-${n}`,
    full_name: fullName,
    headline: 'Giáo viên',
    bio: null,
    avatar: null,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await catalogRepo.insertTeacher(db, teacher);
  return { ...teacher, id };
}

export interface CourseExtras {
  pods?: Array<Partial<Omit<NewCoursePod, 'course_id'>> & { cycle: number; price: number }>;
  subjectIds?: number[];
  childIds?: number[];
  teacherName?: string | null;
}

export async function createCourse(
  db: Kysely<Database>,
  overrides: Partial<NewCourse> = {},
  extras: CourseExtras = {},
) {
  const n = next();
  const now = nowIso();
  const title = overrides.title ?? `Khóa học ${n}`;
  const course: NewCourse = {
    slug: `${slugify(title)}-${n}`,
    title,
    type: 'retail',
    category_id: null,
    teacher_id: null,
    thumbnail: null,
    summary: `Tóm tắt ${title}`,
    description: `<p>Giới thiệu ${title}</p>`,
    flatform_type: '',
    price_new: 199_000,
    price_old: null,
    level: null,
    enrolment_count: 0,
    is_hot: 0,
    is_published: 1,
    published_at: new Date(Date.now() - n * 60_000).toISOString(),
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const pods = (extras.pods ?? []).map((pod, position) => ({
    name: null,
    payment_type: 'online' as const,
    position,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...pod,
  }));
  const { id } = await courseRepo.insertCourse(db, course, {
    pods,
    subjectIds: extras.subjectIds ?? [],
    childIds: extras.childIds ?? [],
  });
  if (course.is_published !== 0) {
    await upsertSearchDocument(
      db,
      buildCourseDocument({
        id,
        slug: course.slug,
        title: course.title,
        type: course.type,
        summary: course.summary ?? null,
        description: course.description ?? null,
        thumbnail: course.thumbnail ?? null,
        published_at: course.published_at ?? null,
        teacherName: extras.teacherName ?? null,
      }),
      now,
    );
  }
  return { ...course, id };
}

export async function createLesson(db: Kysely<Database>, overrides: Partial<NewLesson> & { course_id: number }) {
  const n = next();
  const now = nowIso();
  const lesson: NewLesson = {
    parent_id: null,
    type: 'content',
    content_type: 'paragraph',
    title: `Bài ${n}`,
    position: n,
    duration_seconds: 600,
    is_preview: 0,
    video_url: null,
    content: `<p>Nội dung bài ${n}</p>`,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await courseRepo.insertLesson(db, lesson);
  await courseRepo.refreshLessonTotals(db, lesson.course_id);
  return { ...lesson, id };
}

export async function createReview(
  db: Kysely<Database>,
  overrides: Partial<NewCourseReview> & { course_id: number; user_id: number },
) {
  const now = nowIso();
  const review: NewCourseReview = {
    author_name: 'Học viên',
    rating: 5,
    comment: 'Khóa học rất hữu ích.',
    is_visible: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await insertReview(db, review);
  return { ...review, id };
}
