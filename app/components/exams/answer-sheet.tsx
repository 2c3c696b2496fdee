/**
 * The answer-sheet view (phiếu trả lời) as on the official THPT sheet: Part I numbered rows of
 * A B C D bubbles, Part II rows a)–d) with Đúng / Sai bubbles, Part III columns of boxes with
 * bubbles for "-", "," and the digits. In the room every filled bubble goes through the same
 * answer queue as the question view; on the result page it is read-only, the keys ringed when shown.
 */
import { useState } from 'react';
import type { AnswerValue } from './answer-text';

export interface SheetQuestion {
  id: number;
  number: number;
  part: number;
  type: 'single' | 'true_false' | 'short' | 'multiple' | 'fill';
  options: { label: string }[];
  answer_boxes?: number | null;
}

interface SheetProps {
  questions: SheetQuestion[];
  parts: { position: number; title: string }[];
  answers: Map<number, AnswerValue>;
  /** Absent: read-only (the result page). */
  onAnswer?: ((questionId: number, answer: AnswerValue) => void) | undefined;
  /** The keys, when the result shows them. */
  keys?: Map<number, AnswerValue> | undefined;
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
/** A complete short answer as the sheet allows it: an optional minus, digits, an optional decimal comma. */
const COMPLETE = /^-?\d+(,\d+)?$/;

function Bubble({
  name,
  label,
  text,
  checked,
  correct,
  type = 'radio',
  readOnly,
  onPick,
}: {
  name: string;
  label: string;
  text: string;
  checked: boolean;
  correct?: boolean;
  type?: 'radio' | 'checkbox';
  readOnly: boolean;
  onPick: () => void;
}) {
  return (
    <label className="inline-flex cursor-pointer">
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={readOnly}
        onChange={onPick}
        onClick={(event) => {
          // A filled bubble tapped again is cleared (radios do not uncheck themselves).
          if (type === 'radio' && checked && !readOnly) {
            event.preventDefault();
            onPick();
          }
        }}
        aria-label={label}
        className="peer sr-only"
      />
      <span
        aria-hidden
        className={`flex h-7 w-7 items-center justify-center border border-slate-500 text-[11px] font-semibold peer-checked:border-slate-900 peer-checked:bg-slate-900 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-sky-500 ${
          type === 'checkbox' ? 'rounded' : 'rounded-full'
        } ${correct ? 'ring-2 ring-emerald-500 ring-offset-1' : ''}`}
      >
        {text}
      </span>
    </label>
  );
}

function ChoiceRow({ question, value, keyValue, readOnly, onAnswer }: RowProps) {
  const multiple = question.type === 'multiple';
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div className="flex items-center gap-1.5" data-testid={`sheet-row-${question.number}`}>
      <span className="w-7 text-right text-xs font-semibold tabular-nums">{question.number}.</span>
      {question.options.map(({ label }) => (
        <Bubble
          key={label}
          name={`phieu-${question.number}`}
          label={`Câu ${question.number}: ${label}`}
          text={label}
          type={multiple ? 'checkbox' : 'radio'}
          checked={multiple ? chosen.includes(label) : value === label}
          correct={multiple ? Array.isArray(keyValue) && keyValue.includes(label) : keyValue === label}
          readOnly={readOnly}
          onPick={() =>
            onAnswer(
              multiple
                ? chosen.includes(label)
                  ? chosen.filter((item) => item !== label)
                  : [...chosen, label].sort()
                : value === label
                  ? null
                  : label,
            )
          }
        />
      ))}
    </div>
  );
}

function TrueFalseBlock({ question, value, keyValue, readOnly, onAnswer }: RowProps) {
  const values = Array.isArray(value) && value.length === 4 ? value : [null, null, null, null];
  const keys = Array.isArray(keyValue) ? keyValue : [];
  return (
    <div className="rounded border border-slate-300 p-2" data-testid={`sheet-row-${question.number}`}>
      <p className="mb-1 text-xs font-semibold">Câu {question.number}</p>
      <div className="grid grid-cols-[auto_auto_auto] items-center gap-x-2 gap-y-1 text-xs">
        <span />
        <span className="text-center text-[10px] text-slate-600">Đúng</span>
        <span className="text-center text-[10px] text-slate-600">Sai</span>
        {question.options.map(({ label }, index) => (
          <div key={label} className="contents">
            <span className="font-semibold">{label})</span>
            {[true, false].map((choice) => (
              <Bubble
                key={String(choice)}
                name={`phieu-${question.number}-${label}`}
                label={`Câu ${question.number} ý ${label}: ${choice ? 'Đúng' : 'Sai'}`}
                text={choice ? 'Đ' : 'S'}
                checked={values[index] === choice}
                correct={keys[index] === choice}
                readOnly={readOnly}
                onPick={() =>
                  onAnswer(values.map((old, at) => (at === index ? (old === choice ? null : choice) : old)))
                }
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function ShortBlock({ question, value, keyValue, readOnly, onAnswer }: RowProps) {
  const written = typeof value === 'string' ? value : '';
  const columns = Math.max(question.answer_boxes ?? 4, written.length);
  const [draft, setDraft] = useState(() => Array.from({ length: columns }, (_, at) => written[at] ?? ''));
  const composed = draft.join('');
  const incomplete = composed !== '' && !COMPLETE.test(composed);
  const pick = (column: number, char: string) => {
    const next = draft.map((old, at) => (at === column ? (old === char ? '' : char) : old));
    setDraft(next);
    const answer = next.join('');
    if (answer === '') onAnswer(null);
    else if (COMPLETE.test(answer)) onAnswer(answer);
  };
  const rows = ['-', ',', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return (
    <div className="rounded border border-slate-300 p-2" data-testid={`sheet-row-${question.number}`}>
      <p className="mb-1 text-xs font-semibold">Câu {question.number}</p>
      <div className="grid gap-1" style={{ gridTemplateColumns: `repeat(${columns}, 1.75rem)` }}>
        {draft.map((char, column) => (
          <span
            key={column}
            className="flex h-7 items-center justify-center border-2 border-slate-700 font-mono text-sm font-bold"
            data-testid={`sheet-box-${question.number}-${column + 1}`}
          >
            {char}
          </span>
        ))}
        {rows.map((char) =>
          draft.map((current, column) =>
            // The minus only in the first box, the comma never in the first box (as on the official sheet).
            (char === '-' && column > 0) || (char === ',' && column === 0) ? (
              <span key={`${char}-${column}`} />
            ) : (
              <Bubble
                key={`${char}-${column}`}
                name={`phieu-${question.number}-o${column + 1}`}
                label={`Câu ${question.number}, ô ${column + 1}: ${char === '-' ? 'dấu trừ' : char === ',' ? 'dấu phẩy' : char}`}
                text={char}
                checked={current === char}
                readOnly={readOnly}
                onPick={() => pick(column, char)}
              />
            ),
          ),
        )}
      </div>
      {incomplete && !readOnly ? (
        <p className="mt-1 text-[11px] text-amber-700" role="status">
          Chưa lưu: “{composed}” chưa phải một số.
        </p>
      ) : null}
      {typeof keyValue === 'string' ? <p className="mt-1 text-[11px] text-emerald-700">Đáp án: {keyValue}</p> : null}
    </div>
  );
}

interface RowProps {
  question: SheetQuestion;
  value: AnswerValue | undefined;
  keyValue: AnswerValue | undefined;
  readOnly: boolean;
  onAnswer: (answer: AnswerValue) => void;
}

export function AnswerSheet({ questions, parts, answers, onAnswer, keys }: SheetProps) {
  const readOnly = onAnswer === undefined;
  return (
    <section
      aria-label="Phiếu trả lời"
      className="rounded-lg border-2 border-slate-800 bg-white p-3 text-slate-900"
      data-testid="answer-sheet"
    >
      <h2 className="mb-2 text-center text-sm font-bold uppercase tracking-wide">Phiếu trả lời</h2>
      {parts.map((part, index) => {
        const ofPart = questions.filter((question) => question.part === part.position);
        if (ofPart.length === 0) return null;
        const type = ofPart[0]!.type;
        const grid =
          type === 'single' || type === 'multiple'
            ? 'grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-x-3 gap-y-1.5'
            : 'grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-2';
        return (
          <div key={part.position} className="mb-4 last:mb-0">
            <h3 className="mb-2 border-b border-slate-300 pb-1 text-xs font-bold uppercase">
              {/^Phần\s/i.test(part.title) ? part.title : `Phần ${ROMAN[index] ?? part.position}. ${part.title}`}
            </h3>
            <div className={grid}>
              {ofPart.map((question) => {
                const props: RowProps = {
                  question,
                  value: answers.get(question.id),
                  keyValue: keys?.get(question.id),
                  readOnly,
                  onAnswer: (answer) => onAnswer?.(question.id, answer),
                };
                if (question.type === 'true_false') return <TrueFalseBlock key={question.id} {...props} />;
                if (question.type === 'short')
                  return (
                    <ShortBlock
                      key={`${question.id}:${typeof props.value === 'string' ? props.value : ''}`}
                      {...props}
                    />
                  );
                if (question.type === 'fill')
                  return (
                    <p key={question.id} className="text-xs text-slate-600">
                      Câu {question.number}: câu điền từ không có trên phiếu trả lời.
                    </p>
                  );
                return <ChoiceRow key={question.id} {...props} />;
              })}
            </div>
          </div>
        );
      })}
    </section>
  );
}
