/** Vietnamese names of templates, question types, difficulties and subjects (studio pages and the import). */
import type { ExamTemplate, QuestionType } from './exams.scoring.ts';
import type { Difficulty } from './exams.table.ts';

export const TEMPLATE_TEXT: Record<ExamTemplate, string> = {
  thpt_math: 'THPT 2025 — Toán (12 + 4 + 6, 90 phút)',
  thpt_science: 'THPT 2025 — Khoa học (18 + 4 + 6, 50 phút)',
  thpt_language: 'THPT 2025 — Ngoại ngữ (40 câu, 50 phút)',
  custom: 'Đề tự do (tự đặt phần, điểm, thời gian)',
};

export const QUESTION_TYPE_TEXT: Record<QuestionType, string> = {
  single: 'Một lựa chọn (A–D)',
  true_false: 'Đúng sai (4 ý a–d)',
  short: 'Trả lời ngắn (số)',
  multiple: 'Nhiều lựa chọn (A–D)',
  fill: 'Điền từ',
};

export const DIFFICULTY_TEXT: Record<Difficulty, string> = {
  easy: 'Nhận biết (dễ)',
  medium: 'Thông hiểu (trung bình)',
  hard: 'Vận dụng (khó)',
};

/** The subjects offered in the studio's select (any other slug stays possible through the import). */
export const SUBJECT_TEXT: Record<string, string> = {
  toan: 'Toán',
  'vat-ly': 'Vật lý',
  'hoa-hoc': 'Hóa học',
  'sinh-hoc': 'Sinh học',
  'tieng-anh': 'Tiếng Anh',
  'lich-su': 'Lịch sử',
  'dia-ly': 'Địa lý',
  'tin-hoc': 'Tin học',
  'cong-nghe': 'Công nghệ',
  'giao-duc-kinh-te-va-phap-luat': 'Giáo dục kinh tế và pháp luật',
};

export const subjectName = (slug: string) => SUBJECT_TEXT[slug] ?? slug;

export const PART_NAMES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];
export const partLabel = (position: number) => `Phần ${PART_NAMES[position - 1] ?? position}`;

// The words the import accepts, folded (no marks, lower case).
export const TEMPLATE_WORDS: Record<string, ExamTemplate> = {
  'thpt toan': 'thpt_math',
  thpt_math: 'thpt_math',
  'thpt khoa hoc': 'thpt_science',
  thpt_science: 'thpt_science',
  'thpt ngoai ngu': 'thpt_language',
  thpt_language: 'thpt_language',
  'tu do': 'custom',
  custom: 'custom',
};

export const QUESTION_TYPE_WORDS: Record<string, QuestionType> = {
  'mot lua chon': 'single',
  'nhieu lua chon': 'multiple',
  'dung sai': 'true_false',
  'tra loi ngan': 'short',
  'dien tu': 'fill',
};

export const DIFFICULTY_WORDS: Record<string, Difficulty> = {
  'nhan biet': 'easy',
  de: 'easy',
  'thong hieu': 'medium',
  'trung binh': 'medium',
  'van dung': 'hard',
  'van dung cao': 'hard',
  kho: 'hard',
};
