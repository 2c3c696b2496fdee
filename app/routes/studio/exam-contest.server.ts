/** The studio's contest pages: the contest id of the URL (`moi` is a new contest on the settings page). */
import { data } from 'react-router';
import { contestIdParams } from '../../../modules/exams/exams.admin-contests.schemas';

export function contestIdOf(raw: string | undefined, allowNew = false): number | null {
  if (allowNew && raw === 'moi') return null;
  const parsed = contestIdParams.safeParse({ id: raw });
  if (!parsed.success) throw data({ message: 'Không tìm thấy kỳ thi.' }, { status: 404 });
  return parsed.data.id;
}

type FormKey = string | string[] | boolean[] | { forms: string[]; tolerance: number | null } | string[][];

/** The corrected key from the key form of a question type, or a Vietnamese message (the module checks the rest). */
export function keyFromForm(type: string, form: FormData): FormKey | { error: string } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  switch (type) {
    case 'single':
      return text('key') || { error: 'Vui lòng chọn đáp án đúng.' };
    case 'multiple': {
      const letters = ['A', 'B', 'C', 'D'].filter((letter) => form.get(`key_${letter}`) !== null);
      return letters.length > 0 ? letters : { error: 'Vui lòng chọn ít nhất một đáp án đúng.' };
    }
    case 'true_false':
      return [0, 1, 2, 3].map((i) => text(`key_${i}`) === 'true');
    case 'short': {
      const forms = text('key')
        .split(';')
        .map((value) => value.trim())
        .filter(Boolean);
      if (forms.length === 0) return { error: 'Vui lòng nhập đáp án.' };
      const raw = text('tolerance').replace(',', '.');
      const tolerance = raw === '' ? null : Number(raw);
      if (tolerance !== null && !(tolerance >= 0)) return { error: 'Sai số phải là một số không âm.' };
      return { forms, tolerance };
    }
    case 'fill': {
      const blanks = text('key')
        .split('\n')
        .map((line) =>
          line
            .split('|')
            .map((word) => word.trim())
            .filter(Boolean),
        )
        .filter((forms) => forms.length > 0);
      return blanks.length > 0 ? blanks : { error: 'Vui lòng nhập đáp án cho từng chỗ trống.' };
    }
    default:
      return { error: 'Loại câu hỏi không hợp lệ.' };
  }
}
