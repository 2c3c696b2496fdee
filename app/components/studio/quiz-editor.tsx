/**
 * The questions of an exam lesson: pass mark, attempts, time limit, single / multiple choice
 * questions with their answers and the correct ones marked. Loaded and saved through
 * /api/admin/courses/:id/lessons/:lessonId/quiz.json; on an error the typed work stays on screen.
 */
import { useEffect, useId, useState } from 'react';
import { inputClass } from './studio-ui';

interface Option {
  id?: number;
  label: string;
  is_correct: boolean;
}
interface Question {
  id?: number;
  kind: 'single' | 'multiple';
  prompt: string;
  explanation: string | null;
  options: Option[];
}
interface Quiz {
  pass_percent: number;
  max_attempts: number | null;
  time_limit_seconds: number | null;
  shuffle: boolean;
  questions: Question[];
}

const small = 'rounded-lg border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100';
const blank = (): Question => ({
  kind: 'single',
  prompt: '',
  explanation: null,
  options: [
    { label: '', is_correct: true },
    { label: '', is_correct: false },
  ],
});

export function QuizEditor({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const url = `/api/admin/courses/${courseId}/lessons/${lessonId}/quiz.json`;
  const scope = useId();
  const [quiz, setQuiz] = useState<Quiz | null>(null);
  const [state, setState] = useState<{ text: string; error: boolean; fields: Record<string, string> }>({
    text: '',
    error: false,
    fields: {},
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(url, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error('Không tải được bài kiểm tra.');
        const { data } = (await response.json()) as { data: Quiz };
        if (live) setQuiz({ ...data, questions: data.questions.length > 0 ? data.questions : [blank()] });
      })
      .catch((error: Error) => live && setState({ text: error.message, error: true, fields: {} }));
    return () => {
      live = false;
    };
  }, [url]);

  if (!quiz)
    return (
      <p role="status" className="mt-2 text-sm text-slate-600">
        {state.text || 'Đang tải bài kiểm tra…'}
      </p>
    );

  const setQuestion = (index: number, change: Partial<Question>) =>
    setQuiz({ ...quiz, questions: quiz.questions.map((q, i) => (i === index ? { ...q, ...change } : q)) });
  const setOption = (qi: number, oi: number, change: Partial<Option>) => {
    const question = quiz.questions[qi]!;
    const options = question.options.map((o, i) => {
      if (i === oi) return { ...o, ...change };
      // A single-choice question has one correct answer: marking one unmarks the others.
      return change.is_correct && question.kind === 'single' ? { ...o, is_correct: false } : o;
    });
    setQuestion(qi, { options });
  };

  async function save() {
    setBusy(true);
    try {
      const response = await fetch(url, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quiz),
      });
      const body = (await response.json()) as {
        data?: Quiz;
        error?: { message: string; fields?: Record<string, string> };
      };
      if (!response.ok || !body.data) {
        setState({ text: body.error?.message ?? 'Không lưu được.', error: true, fields: body.error?.fields ?? {} });
        return;
      }
      setQuiz(body.data);
      setState({ text: 'Đã lưu bài kiểm tra.', error: false, fields: {} });
    } catch {
      setState({ text: 'Mất kết nối. Vui lòng thử lại.', error: true, fields: {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 space-y-3 rounded-xl border border-slate-200 bg-white p-2 text-sm" data-testid="quiz-editor">
      <div className="grid gap-2 sm:grid-cols-3">
        <label>
          <span className="mb-1 block font-medium">Điểm đạt (%)</span>
          <input
            className={inputClass}
            type="number"
            min={1}
            max={100}
            value={quiz.pass_percent}
            onChange={(e) => setQuiz({ ...quiz, pass_percent: Number(e.currentTarget.value) })}
          />
        </label>
        <label>
          <span className="mb-1 block font-medium">Số lần làm (trống = không giới hạn)</span>
          <input
            className={inputClass}
            type="number"
            min={1}
            value={quiz.max_attempts ?? ''}
            onChange={(e) =>
              setQuiz({ ...quiz, max_attempts: e.currentTarget.value ? Number(e.currentTarget.value) : null })
            }
          />
        </label>
        <label>
          <span className="mb-1 block font-medium">Thời gian (phút, trống = không giới hạn)</span>
          <input
            className={inputClass}
            type="number"
            min={1}
            value={quiz.time_limit_seconds === null ? '' : quiz.time_limit_seconds / 60}
            onChange={(e) =>
              setQuiz({
                ...quiz,
                time_limit_seconds: e.currentTarget.value ? Math.round(Number(e.currentTarget.value) * 60) : null,
              })
            }
          />
        </label>
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={quiz.shuffle}
          onChange={(e) => setQuiz({ ...quiz, shuffle: e.currentTarget.checked })}
        />
        Xáo trộn thứ tự câu hỏi
      </label>
      <ol className="space-y-3">
        {quiz.questions.map((question, qi) => {
          const error = state.fields[`questions.${qi}.options`];
          return (
            <li key={question.id ?? `new-${qi}`} className="rounded-lg border border-slate-200 p-2">
              <fieldset>
                <legend className="font-medium">Câu {qi + 1}</legend>
                <label className="mt-1 block">
                  <span className="sr-only">Nội dung câu {qi + 1}</span>
                  <textarea
                    className={inputClass}
                    rows={2}
                    placeholder="Nội dung câu hỏi"
                    value={question.prompt}
                    onChange={(e) => setQuestion(qi, { prompt: e.currentTarget.value })}
                  />
                </label>
                <label className="mt-1 flex items-center gap-2">
                  Loại
                  <select
                    className={inputClass}
                    value={question.kind}
                    onChange={(e) => setQuestion(qi, { kind: e.currentTarget.value as Question['kind'] })}
                  >
                    <option value="single">Một lựa chọn</option>
                    <option value="multiple">Nhiều lựa chọn</option>
                  </select>
                </label>
                <ul className="mt-2 space-y-1" aria-describedby={error ? `${scope}-${qi}-error` : undefined}>
                  {question.options.map((option, oi) => (
                    <li key={option.id ?? `new-${oi}`} className="flex items-center gap-2">
                      <label className="flex items-center gap-1 whitespace-nowrap">
                        <input
                          type={question.kind === 'single' ? 'radio' : 'checkbox'}
                          name={`${scope}-q${qi}`}
                          checked={option.is_correct}
                          onChange={(e) => setOption(qi, oi, { is_correct: e.currentTarget.checked })}
                        />
                        Đúng
                      </label>
                      <input
                        className={inputClass}
                        aria-label={`Đáp án ${oi + 1} của câu ${qi + 1}`}
                        value={option.label}
                        onChange={(e) => setOption(qi, oi, { label: e.currentTarget.value })}
                      />
                      <button
                        type="button"
                        className={small}
                        aria-label={`Xóa đáp án ${oi + 1} của câu ${qi + 1}`}
                        onClick={() => setQuestion(qi, { options: question.options.filter((_, i) => i !== oi) })}
                      >
                        ✕
                      </button>
                    </li>
                  ))}
                </ul>
                {error ? (
                  <p id={`${scope}-${qi}-error`} className="mt-1 text-red-700">
                    {error}
                  </p>
                ) : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={small}
                    onClick={() =>
                      setQuestion(qi, { options: [...question.options, { label: '', is_correct: false }] })
                    }
                  >
                    Thêm đáp án
                  </button>
                  <button
                    type="button"
                    className={small}
                    onClick={() => setQuiz({ ...quiz, questions: quiz.questions.filter((_, i) => i !== qi) })}
                  >
                    Xóa câu hỏi
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={small}
          onClick={() => setQuiz({ ...quiz, questions: [...quiz.questions, blank()] })}
        >
          Thêm câu hỏi
        </button>
        <button
          type="button"
          className="rounded-lg bg-brand-700 px-3 py-1 text-sm font-semibold text-white"
          disabled={busy}
          onClick={() => void save()}
        >
          {busy ? 'Đang lưu…' : 'Lưu bài kiểm tra'}
        </button>
      </div>
      <p role={state.error ? 'alert' : 'status'} className={state.error ? 'text-red-700' : 'text-green-800'}>
        {state.text}
      </p>
    </div>
  );
}
