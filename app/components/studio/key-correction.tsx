/**
 * A question's key as text, and the form that corrects it (the inputs of each question type; the
 * exams module canonicalises and checks what is sent). Needs a confirmation: every submitted attempt
 * of the exam is re-graded and candidates whose score changes are notified.
 */
import { Form } from 'react-router';
import { buttonClass, inputClass } from './studio-ui';

const LETTERS = ['A', 'B', 'C', 'D'] as const;
const STATEMENTS = ['a', 'b', 'c', 'd'] as const;

interface ShortKey {
  forms: string[];
  tolerance: number | null;
}

/** "B"; "A, C"; "a) Đúng · b) Sai …"; "-1,5 hoặc 1,5 (sai số 0,01)"; "trống 1: go | went". */
export function keyText(type: string, key: unknown): string {
  if (type === 'single' && typeof key === 'string') return key;
  if (type === 'multiple' && Array.isArray(key)) return key.join(', ');
  if (type === 'true_false' && Array.isArray(key))
    return key.map((value, i) => `${STATEMENTS[i]}) ${value ? 'Đúng' : 'Sai'}`).join(' · ');
  if (type === 'short' && key && typeof key === 'object' && 'forms' in key) {
    const short = key as ShortKey;
    return `${short.forms.join(' hoặc ')}${short.tolerance !== null ? ` (sai số ${String(short.tolerance).replace('.', ',')})` : ''}`;
  }
  if (type === 'fill' && Array.isArray(key))
    return (key as string[][]).map((forms, i) => `trống ${i + 1}: ${forms.join(' | ')}`).join('; ');
  return JSON.stringify(key);
}

function KeyInputs({ type, current, number }: { type: string; current: unknown; number: number }) {
  if (type === 'single' || type === 'multiple') {
    const chosen = new Set(Array.isArray(current) ? (current as string[]) : [current as string]);
    return (
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {type === 'single' ? `Đáp án đúng của câu ${number}` : `Các đáp án đúng của câu ${number}`}
        </legend>
        <div className="flex gap-4">
          {LETTERS.map((letter) => (
            <label key={letter} className="flex min-h-11 items-center gap-2 text-base">
              <input
                type={type === 'single' ? 'radio' : 'checkbox'}
                className="h-5 w-5"
                name={type === 'single' ? 'key' : `key_${letter}`}
                value={letter}
                defaultChecked={chosen.has(letter)}
              />
              {letter}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (type === 'true_false') {
    const values = Array.isArray(current) ? (current as boolean[]) : [];
    return (
      <div className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STATEMENTS.map((label, i) => (
          <label key={label} className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">
              Ý {label}) câu {number}
            </span>
            <select name={`key_${i}`} defaultValue={values[i] ? 'true' : 'false'} className={inputClass}>
              <option value="true">Đúng</option>
              <option value="false">Sai</option>
            </select>
          </label>
        ))}
      </div>
    );
  }
  if (type === 'short') {
    const short = (current ?? { forms: [], tolerance: null }) as ShortKey;
    return (
      <div className="mb-3 grid gap-2 sm:grid-cols-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">
            Đáp án câu {number} (nhiều dạng: cách nhau bởi ;)
          </span>
          <input name="key" defaultValue={short.forms.join('; ')} className={inputClass} inputMode="decimal" />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Sai số cho phép (để trống: đúng tuyệt đối)</span>
          <input
            name="tolerance"
            defaultValue={short.tolerance === null ? '' : String(short.tolerance).replace('.', ',')}
            className={inputClass}
            inputMode="decimal"
          />
        </label>
      </div>
    );
  }
  const blanks = Array.isArray(current) ? (current as string[][]) : [];
  return (
    <label className="mb-3 block text-sm">
      <span className="mb-1 block font-medium text-slate-800">
        Đáp án câu {number}: mỗi chỗ trống một dòng, các cách viết cách nhau bởi |
      </span>
      <textarea
        name="key"
        rows={3}
        defaultValue={blanks.map((forms) => forms.join(' | ')).join('\n')}
        className={inputClass}
      />
    </label>
  );
}

export function KeyCorrectionForm(props: {
  questionId: number;
  number: number;
  type: string;
  current: unknown;
  attempts: number;
  busy: boolean;
  error?: string | undefined;
}) {
  return (
    <Form method="post" className="mt-2 rounded-xl bg-slate-50 p-3" noValidate>
      <input type="hidden" name="question_id" value={props.questionId} />
      <input type="hidden" name="type" value={props.type} />
      <KeyInputs type={props.type} current={props.current} number={props.number} />
      <label className="mb-3 flex items-start gap-2 text-sm">
        <input type="checkbox" name="confirm" className="mt-0.5 h-5 w-5 shrink-0" />
        <span>
          Tôi xác nhận sửa đáp án câu {props.number}: mọi bài đã nộp của đề ({props.attempts} bài trong kỳ thi này, và
          các kỳ thi khác dùng cùng đề) được chấm lại, thứ hạng tính lại và thí sinh bị đổi điểm nhận thông báo.
        </span>
      </label>
      {props.error ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass} disabled={props.busy}>
        {props.busy ? 'Đang chấm lại…' : 'Sửa đáp án và chấm lại'}
      </button>
    </Form>
  );
}
