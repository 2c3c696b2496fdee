/**
 * The demo catalog, written through the factories: 9 course categories, 11 subjects, 12 teachers,
 * 64 courses of all four types (free ones, combos, api courses of every platform type, packages
 * using all nine cycles), a curriculum with preview lessons, and reviews.
 */
import type { Kysely } from 'kysely';
import { slugify } from '../../lib/text/slug.ts';
import {
  createCategory,
  createCourse,
  createLesson,
  createReview,
  createSubject,
  createTeacher,
  type CourseExtras,
} from '../../tests/factories/catalog.ts';
import type { CourseType, Database } from '../schema.ts';
import {
  API_COURSES,
  COMBOS,
  COURSE_CATEGORIES,
  COURSE_TITLES,
  REVIEW_COMMENTS,
  REVIEWER_NAMES,
  SUBJECTS,
  TEACHERS,
} from './catalog-data.ts';
import { courseContent } from './course-catalog.ts';
import { describeCourse, describeLesson, lessonTitles } from './course-content.ts';
import { renderBannerSvg, writeSvg, type Motif } from './svg.ts';

const RETAIL_PRICES = [199_000, 299_000, 349_000, 499_000, 599_000, 799_000, 990_000, 1_290_000, 149_000];
const FREE_INDEXES = new Set([5, 11, 16, 43, 49]);
/** The free course whose first lesson of each chapter is a video (the demo clip, transcoded on first start). */
const DEMO_VIDEO_INDEX = 5;
const NO_RETAIL_INDEXES = new Set([29, 30, 54]);
const HOT_INDEXES = new Set([0, 1, 13, 14, 20, 32, 38, 44]);
const API_PODS: Record<string, CourseExtras['pods']> = {
  flatform_app: [
    { cycle: 1, price: 3_000, payment_type: 'sms', name: 'Gói ngày' },
    { cycle: 2, price: 15_000, payment_type: 'sms', name: 'Gói tuần' },
  ],
  flatform_web: [{ cycle: 3, price: 59_000, payment_type: 'online', name: 'Gói tháng' }],
  flatform_web_app: [
    { cycle: 6, price: 29_000, payment_type: 'sms_online', name: 'Gói 10 ngày' },
    { cycle: 7, price: 79_000, payment_type: 'sms_online', name: 'Gói 30 ngày' },
  ],
  platform_cross: [
    { cycle: 8, price: 199_000, payment_type: 'online', name: 'Gói 90 ngày' },
    { cycle: 9, price: 349_000, payment_type: 'online', name: 'Gói 180 ngày' },
  ],
  '': [{ cycle: 5, price: 0, payment_type: 'online', name: 'Gói miễn phí' }],
};

function initials(name: string): string {
  const words = name.split(/\s+/);
  return `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}`.toUpperCase();
}

function renderAvatarSvg(name: string, seed: number): string {
  const colors = ['#0b5fff', '#0e7c66', '#b4233c', '#6b3fd4', '#c25e00', '#0f5e8a'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${name}"><rect width="240" height="240" rx="120" fill="${colors[seed % colors.length]}"/><text x="120" y="142" text-anchor="middle" font-family="system-ui, sans-serif" font-size="84" font-weight="700" fill="#fff">${initials(name)}</text></svg>`;
}

/** The illustration on each category's course covers. */
const CATEGORY_MOTIFS: Record<string, Motif> = {
  'toan-hoc': 'chart',
  'ngu-van': 'book',
  'tieng-anh': 'chat',
  'vat-ly': 'atom',
  'hoa-hoc': 'bulb',
  'lich-su-dia-ly': 'globe',
  'tin-hoc-lap-trinh': 'code',
  'ky-nang-song': 'trophy',
  'mam-non-tieu-hoc': 'pencil',
};

export async function seedCatalog(db: Kysely<Database>, uploadsDir: string): Promise<void> {
  const categories = new Map<string, { id: number; name: string }>();
  for (const [position, category] of COURSE_CATEGORIES.entries()) {
    const row = await createCategory(db, { type: 'course', ...category, position });
    categories.set(category.slug, { id: row.id, name: category.name });
  }
  const subjects = new Map<string, number>();
  for (const [position, subject] of SUBJECTS.entries()) {
    subjects.set(subject.slug, (await createSubject(db, { ...subject, position })).id);
  }
  const teachers: Array<{ id: number; name: string }> = [];
  for (const [index, teacher] of TEACHERS.entries()) {
    const slug = slugify(teacher.name);
    const row = await createTeacher(db, {
      slug,
      full_name: teacher.name,
      headline: teacher.headline,
      bio: `<p>${teacher.bio}</p>`,
      avatar: writeSvg(uploadsDir, `seed/teachers/${slug}.svg`, renderAvatarSvg(teacher.name, index)),
    });
    teachers.push({ id: row.id, name: teacher.name });
  }

  let sequence = 0;
  async function addCourse(
    categorySlug: string,
    title: string,
    type: CourseType,
    fields: {
      teacherIndex?: number;
      price_new?: number | null;
      price_old?: number | null;
      flatform_type?: string;
      videoLessons?: boolean;
    },
    extras: CourseExtras,
  ) {
    sequence += 1;
    const category = categories.get(categorySlug)!;
    const slug = slugify(title);
    const teacher = fields.teacherIndex === undefined ? undefined : teachers[fields.teacherIndex];
    const content = courseContent(title);
    const course = await createCourse(
      db,
      {
        slug,
        title,
        type,
        category_id: category.id,
        teacher_id: teacher?.id ?? null,
        thumbnail: writeSvg(
          uploadsDir,
          `seed/courses/${slug}.svg`,
          renderBannerSvg({
            title,
            subtitle: category.name,
            width: 640,
            height: 360,
            seed: sequence,
            motif: type === 'combo' ? 'school' : type === 'api' ? 'phone' : CATEGORY_MOTIFS[categorySlug],
          }),
        ),
        summary: content.summary,
        description: describeCourse(content, teacher?.name ?? null),
        flatform_type: fields.flatform_type ?? '',
        price_new: fields.price_new ?? null,
        price_old: fields.price_old ?? null,
        level: content.level,
        enrolment_count: (sequence * 7919) % 5000,
        is_hot: HOT_INDEXES.has(sequence - 1) ? 1 : 0,
        published_at: new Date(Date.UTC(2026, 10, 20) - sequence * 86_400_000).toISOString(),
      },
      { ...extras, teacherName: teacher?.name ?? null },
    );
    let position = 0;
    const titles = lessonTitles(content);
    for (const [chapterIndex, chapter] of content.chapters.entries()) {
      const parent = await createLesson(db, {
        course_id: course.id,
        type: 'category',
        content_type: null,
        title: chapter,
        position: position++,
        duration_seconds: 0,
      });
      for (let i = 0; i < 2; i += 1) {
        const index = chapterIndex * 2 + i;
        const name = titles[index]!;
        await createLesson(db, {
          course_id: course.id,
          parent_id: parent.id,
          title: name,
          content_type: i === 1 && chapterIndex === 2 ? 'exam' : i === 0 && fields.videoLessons ? 'video' : 'paragraph',
          position: position++,
          duration_seconds: 420 + ((sequence * 37 + position * 53) % 900),
          is_preview: chapterIndex === 0 ? 1 : 0,
          content: describeLesson(content, name, index),
        });
      }
    }
    for (let r = 0; r < sequence % 6; r += 1) {
      const rating = [5, 4, 5, 3, 5, 4][(sequence + r) % 6]!;
      const comments = REVIEW_COMMENTS[rating]!;
      await createReview(db, {
        course_id: course.id,
        user_id: 1_000_000 + sequence * 10 + r,
        author_name: REVIEWER_NAMES[(sequence + r) % REVIEWER_NAMES.length]!,
        rating,
        comment: comments[(sequence * 3 + r) % comments.length]!,
      });
    }
    return course;
  }

  const retailIds: number[] = [];
  for (const [index, [categorySlug, title, teacherIndex, subjectSlugs]] of COURSE_TITLES.entries()) {
    const subjectIds = subjectSlugs.map((slug) => subjects.get(slug)!).filter(Boolean);
    if (NO_RETAIL_INDEXES.has(index)) {
      const course = await addCourse(
        categorySlug,
        title,
        'no_retail',
        { teacherIndex },
        {
          subjectIds,
          pods: [{ cycle: 3, price: 49_000, payment_type: 'sms_online', name: 'Gói tháng' }],
        },
      );
      retailIds.push(course.id);
      continue;
    }
    const price = FREE_INDEXES.has(index) ? 0 : RETAIL_PRICES[index % RETAIL_PRICES.length]!;
    const course = await addCourse(
      categorySlug,
      title,
      'retail',
      {
        teacherIndex,
        price_new: price,
        price_old: price > 0 && index % 3 === 0 ? Math.round((price * 1.4) / 1000) * 1000 : null,
        videoLessons: index === DEMO_VIDEO_INDEX,
      },
      { subjectIds, pods: price > 0 ? [{ cycle: 5, price, payment_type: 'online', name: 'Trọn đời' }] : [] },
    );
    retailIds.push(course.id);
  }
  for (const [categorySlug, title, platform] of API_COURSES) {
    await addCourse(categorySlug, title, 'api', { flatform_type: platform }, { pods: API_PODS[platform] ?? [] });
  }
  for (const [index, [categorySlug, title, children]] of COMBOS.entries()) {
    await addCourse(
      categorySlug,
      title,
      'combo',
      {},
      {
        childIds: children.map((child) => retailIds[child]!),
        pods:
          index % 2 === 0
            ? [{ cycle: 5, price: 1_490_000, payment_type: 'online', name: 'Trọn đời' }]
            : [{ cycle: 4, price: 990_000, payment_type: 'online', name: 'Gói năm' }],
      },
    );
  }
}
