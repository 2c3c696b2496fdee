/** One question in the exam room: single choice A–D, four Đúng/Sai statements, a short numeric answer, or several choices. */
import { useState } from 'react';
import type { AnswerValue } from './answer-text';

export interface RoomQuestion {
  id: number;
  number: number;
  type: 'single' | 'true_false' | 'short' | 'multiple' | 'fill';
  points: number;
  prompt_html: string;
  image_url: string | null;
  options: { label: string; html: string; image_url: string | null }[];
  answer_boxes: number | null;
}

const Html = ({ html, className = '' }: { html: string; className?: string }) => (
  <span className={`exam-html ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
);

/** A short answer keeps only what the answer sheet allows: digits, "-" and ",". */
export const sheetCharacters = (value: string) => value.replace(/\./g, ',').replace(/[^0-9,-]/g, '');

function ShortAnswer({
  question,
  value,
  onAnswer,
}: {
  question: RoomQuestion;
  value: string;
  onAnswer: (answer: AnswerValue) => void;
}) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft !== value) onAnswer(draft === '' ? null : draft);
  };
  return (
    <label className="mt-2 block text-sm">
      Đáp số{question.answer_boxes ? ` (tối đa ${question.answer_boxes} ô: chữ số, dấu "-" và ",")` : ''}
      <input
        value={draft}
        inputMode="decimal"
        autoComplete="off"
        maxLength={question.answer_boxes ?? 12}
        onChange={(event) => setDraft(sheetCharacters(event.target.value))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className="mt-1 block w-40 rounded-lg border border-slate-300 px-3 py-2 font-mono text-lg tracking-widest"
        data-testid={`short-${question.number}`}
      />
    </label>
  );
}

export function RoomQuestionView({
  question,
  answer,
  flagged,
  onAnswer,
  onFlag,
}: {
  question: RoomQuestion;
  answer: AnswerValue | undefined;
  flagged: boolean;
  onAnswer: (answer: AnswerValue) => void;
  onFlag: () => void;
}) {
  const name = `cau-${question.number}`;
  return (
    <article
      id={name}
      className="scroll-mt-28 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="room-question"
    >
      <header className="mb-1 flex items-center justify-between text-sm font-semibold">
        <span>Câu {question.number}</span>
        <button
          type="button"
          onClick={onFlag}
          aria-pressed={flagged}
          className={`rounded px-2 py-1 text-xs ${flagged ? 'bg-amber-100 text-amber-800' : 'text-slate-500'}`}
        >
          {flagged ? '★ Đã đánh dấu' : '☆ Đánh dấu'}
        </button>
      </header>
      <Html html={question.prompt_html} className="block text-[15px]" />
      {question.image_url ? <img src={question.image_url} alt="" className="mt-2 max-w-full" loading="lazy" /> : null}
      {question.type === 'single' ? (
        <fieldset className="mt-2 space-y-1">
          <legend className="sr-only">Chọn đáp án câu {question.number}</legend>
          {question.options.map((option) => (
            <label
              key={option.label}
              className="flex cursor-pointer items-start gap-2 rounded-lg p-2 has-[:checked]:bg-sky-50"
            >
              <input
                type="radio"
                name={name}
                checked={answer === option.label}
                onChange={() => onAnswer(option.label)}
                className="mt-1"
              />
              <span className="font-semibold">{option.label}.</span>
              <Html html={option.html} />
            </label>
          ))}
        </fieldset>
      ) : null}
      {question.type === 'multiple' ? (
        <fieldset className="mt-2 space-y-1">
          <legend className="sr-only">Chọn các đáp án đúng câu {question.number}</legend>
          {question.options.map((option) => {
            const chosen = Array.isArray(answer) ? (answer as string[]) : [];
            return (
              <label
                key={option.label}
                className="flex cursor-pointer items-start gap-2 rounded-lg p-2 has-[:checked]:bg-sky-50"
              >
                <input
                  type="checkbox"
                  checked={chosen.includes(option.label)}
                  onChange={(event) =>
                    onAnswer(
                      event.target.checked
                        ? [...chosen, option.label].sort()
                        : chosen.filter((label) => label !== option.label),
                    )
                  }
                  className="mt-1"
                />
                <span className="font-semibold">{option.label}.</span>
                <Html html={option.html} />
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {question.type === 'true_false' ? (
        <table className="mt-2 w-full text-sm">
          <tbody>
            {question.options.map((option, index) => {
              const values = Array.isArray(answer) && answer.length === 4 ? answer : [null, null, null, null];
              const pick = (value: boolean) => onAnswer(values.map((old, at) => (at === index ? value : old)));
              return (
                <tr key={option.label} className="border-t border-slate-100 align-top">
                  <td className="py-2 pr-2">
                    <span className="font-semibold">{option.label}) </span>
                    <Html html={option.html} />
                  </td>
                  {[true, false].map((value) => (
                    <td key={String(value)} className="w-14 py-2 text-center">
                      <label className="flex cursor-pointer flex-col items-center text-xs">
                        <input
                          type="radio"
                          name={`${name}-${option.label}`}
                          checked={values[index] === value}
                          onChange={() => pick(value)}
                        />
                        {value ? 'Đúng' : 'Sai'}
                      </label>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {question.type === 'short' ? (
        <ShortAnswer
          key={typeof answer === 'string' ? answer : ''}
          question={question}
          value={typeof answer === 'string' ? answer : ''}
          onAnswer={onAnswer}
        />
      ) : null}
      {question.type === 'fill' ? (
        <p className="mt-2 text-sm text-slate-600">Câu điền từ chưa làm được trên trang web.</p>
      ) : null}
    </article>
  );
}

/** Whether a question counts as answered on the palette. */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (answer === undefined || answer === null || answer === '') return false;
  if (Array.isArray(answer)) return answer.some((value) => value !== null && value !== '');
  return true;
}
