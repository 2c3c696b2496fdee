/** Every demo course's own words, found by title (each title in catalog-data.ts has exactly one entry). */
import type { CourseContent } from './course-content.ts';
import { MATH_COURSES } from './courses-math.ts';
import { SCIENCE_COURSES } from './courses-science.ts';
import { HUMANITIES_COURSES } from './courses-humanities.ts';
import { LANGUAGE_COURSES } from './courses-languages.ts';
import { SKILLS_COURSES } from './courses-skills.ts';
import { FAMILY_COURSES } from './courses-family.ts';
import { PARTNER_COURSES } from './courses-partner.ts';

export const COURSE_CONTENTS: CourseContent[] = [
  ...MATH_COURSES,
  ...SCIENCE_COURSES,
  ...HUMANITIES_COURSES,
  ...LANGUAGE_COURSES,
  ...SKILLS_COURSES,
  ...FAMILY_COURSES,
  ...PARTNER_COURSES,
];

const byTitle = new Map(COURSE_CONTENTS.map((content) => [content.title, content]));

/** The words of the demo course titled `title`; a course without its own words is a seed error. */
export function courseContent(title: string): CourseContent {
  const content = byTitle.get(title);
  if (!content) throw new Error(`Khóa học mẫu chưa có nội dung riêng: ${title}`);
  return content;
}
