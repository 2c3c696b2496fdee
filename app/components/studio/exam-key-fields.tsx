/** The key of a question, as fields that fit its type; frozen (hidden copies) once candidates have sat the exam. */
import { LETTERS, STATEMENTS, type QuestionType } from './exam-question-form';
import { inputClass } from './studio-ui';

const KEY_NAMES: Record<QuestionType, string[]> = {
  single: ['key'],
  multiple: LETTERS.map((l) => `key_${l}`),
  true_false: [0, 1, 2, 3].map((i) => `key_${i}`),
  short: ['key_forms', 'tolerance'],
  fill: ['key_blanks'],
};

export function KeyFields({
  type,
  values,
  error,
  locked,
}: {
  type: QuestionType;
  values: Record<string, string>;
  error?: string | undefined;
  locked: boolean;
}) {
  if (locked)
    return (
      <>
        {KEY_NAMES[type].map((name) =>
          values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null,
        )}
      </>
    );
  const message = error ? (
    <p id="loi-dap-an" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
  return (
    <fieldset
      className="mb-4 rounded-xl border border-brand-100 bg-brand-50/40 p-3"
      aria-describedby={error ? 'loi-dap-an' : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">Đáp án</legend>
      {type === 'single' || type === 'multiple' ? (
        <div className="flex flex-wrap gap-4">
          {LETTERS.map((letter) => (
            <label key={letter} className="flex items-center gap-2 text-base">
              {type === 'single' ? (
                <input
                  type="radio"
                  name="key"
                  value={letter}
                  defaultChecked={values.key === letter}
                  className="h-5 w-5"
                />
              ) : (
                <input
                  type="checkbox"
                  name={`key_${letter}`}
                  defaultChecked={values[`key_${letter}`] === 'on'}
                  className="h-5 w-5"
                />
              )}
              {letter}
            </label>
          ))}
        </div>
      ) : null}
      {type === 'true_false' ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {STATEMENTS.map((s, i) => (
            <label key={s} className="text-sm">
              <span className="mb-1 block">Ý {s})</span>
              <select name={`key_${i}`} defaultValue={values[`key_${i}`] ?? 'true'} className={inputClass}>
                <option value="true">Đúng</option>
                <option value="false">Sai</option>
              </select>
            </label>
          ))}
        </div>
      ) : null}
      {type === 'short' ? (
        <div className="grid gap-2">
          <label className="text-sm">
            <span className="mb-1 block">Các cách viết được chấp nhận (mỗi dòng một cách, ví dụ -1,5)</span>
            <textarea name="key_forms" rows={2} defaultValue={values.key_forms ?? ''} className={inputClass} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block">Sai số cho phép (không bắt buộc, ví dụ 0,05)</span>
            <input name="tolerance" inputMode="decimal" defaultValue={values.tolerance ?? ''} className={inputClass} />
          </label>
        </div>
      ) : null}
      {type === 'fill' ? (
        <label className="text-sm">
          <span className="mb-1 block">Mỗi dòng một chỗ trống; các cách viết đúng của một chỗ cách nhau bởi “|”</span>
          <textarea name="key_blanks" rows={3} defaultValue={values.key_blanks ?? ''} className={inputClass} />
        </label>
      ) : null}
      {message}
    </fieldset>
  );
}
