/**
 * The shape of each demo course's own words (what it teaches, to whom, its lessons and its quiz),
 * written per course in courses-*.ts, and how they become the course's description.
 */
import type { QuizQuestionInput } from '../../tests/factories/learning.ts';
import { escapeXml } from './svg.ts';

export interface CourseContent {
  title: string;
  level: 'Cơ bản' | 'Trung bình' | 'Nâng cao';
  /** One sentence under the title (cards, the course page, search). */
  summary: string;
  /** Three things the learner can do at the end. */
  outcomes: [string, string, string];
  audience: string;
  /** The three chapters' names. */
  chapters: [string, string, string];
  /**
   * The lessons after the opening "Giới thiệu khóa học và lộ trình": chapter 1's second lesson,
   * chapter 2's two lessons, chapter 3's first lesson.
   */
  lessons: [string, string, string, string];
  /** The exam lesson closing chapter 3. */
  exam: string;
  /** Its quiz: a single choice, a multiple choice and a single choice question. */
  quiz: [QuizQuestionInput, QuizQuestionInput, QuizQuestionInput];
}

/** The opening lesson of every course: its free preview. */
export const INTRO_LESSON = 'Giới thiệu khóa học và lộ trình';

/** Options written as labels; the correct ones end with `*`. */
function options(labels: string[]) {
  return labels.map((label) =>
    label.endsWith('*') ? { label: label.slice(0, -1), correct: true } : { label, correct: false },
  );
}

/** A single choice question. */
export function single(prompt: string, labels: string[], explanation: string): QuizQuestionInput {
  return { kind: 'single', prompt, explanation, options: options(labels) };
}

/** A multiple choice question. */
export function multiple(prompt: string, labels: string[], explanation: string): QuizQuestionInput {
  return { kind: 'multiple', prompt, explanation, options: options(labels) };
}

/** The course's six lesson titles in curriculum order (two per chapter). */
export function lessonTitles(content: CourseContent): string[] {
  return [INTRO_LESSON, ...content.lessons, content.exam];
}

/** The description shown on the course page: outcomes, audience, and how the course runs. */
export function describeCourse(content: CourseContent, teacher: string | null): string {
  const outcomes = content.outcomes.map((item) => `<li>${escapeXml(item)}</li>`).join('');
  const chapters = content.chapters.map((item) => `<li>${escapeXml(item)}</li>`).join('');
  const by = teacher ? ` do ${escapeXml(teacher)} giảng dạy` : '';
  return `<h2>Bạn sẽ học được gì</h2><ul>${outcomes}</ul>
<h2>Dành cho ai</h2><p>${escapeXml(content.audience)}</p>
<h2>Nội dung khóa học</h2><p>Ba chương, sáu bài${by}; chương cuối khép lại bằng bài kiểm tra ${content.quiz.length} câu (đạt từ 60%).</p><ol>${chapters}</ol>`;
}

/** A lesson's text: what it covers, in the course's words. */
export function describeLesson(content: CourseContent, lesson: string, index: number): string {
  if (index === 0) {
    const steps = content.chapters.map((item) => `<li>${escapeXml(item)}</li>`).join('');
    return `<h2>${escapeXml(lesson)}</h2><p>${escapeXml(content.summary)}</p><p>Lộ trình gồm ba chương:</p><ol>${steps}</ol><p>Mục tiêu cuối khóa: ${escapeXml(content.outcomes[0].charAt(0).toLowerCase() + content.outcomes[0].slice(1))}</p>`;
  }
  const outcome = content.outcomes[(index - 1) % content.outcomes.length]!;
  return `<h2>${escapeXml(lesson)}</h2><p>Bài “${escapeXml(lesson)}” thuộc khóa <em>${escapeXml(content.title)}</em>. Sau bài này, bạn tiến thêm một bước tới mục tiêu: ${escapeXml(outcome.charAt(0).toLowerCase() + outcome.slice(1))}</p><p>Xem bài giảng, ghi lại ý chính vào phần Ghi chú và đặt câu hỏi ở phần Thảo luận nếu còn vướng.</p>`;
}
