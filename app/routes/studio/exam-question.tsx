import { Form, redirect, useNavigation } from 'react-router';
import { DIFFICULTY_TEXT, partLabel, QUESTION_TYPE_TEXT } from '../../../modules/exams/exams.admin-labels';
import { idParams, questionBody } from '../../../modules/exams/exams.admin.schemas';
import { katexLinks } from '../../components/exams/katex-links';
import { FormField, FormMessage } from '../../components/form-field';
import { ExamPreview, type Preview } from '../../components/studio/exam-preview';
import {
  formFromQuestion,
  hasOptions,
  keyText,
  QUESTION_FIELDS,
  questionFromForm,
  type QuestionType,
} from '../../components/studio/exam-question-form';
import { KeyFields } from '../../components/studio/exam-key-fields';
import { buttonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/exam-question';

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const parsed = idParams.safeParse({ id: params.id });
  if (!parsed.success) throw new Response('Không tìm thấy đề thi.', { status: 404 });
  const exam = await loadInStudio(() => context.services.examsAdmin.detail(parsed.data.id));
  const question = params.question === 'moi' ? null : exam.questions.find((q) => String(q.id) === params.question);
  if (question === undefined) throw new Response('Không tìm thấy câu hỏi.', { status: 404 });
  const position = question ? question.part : Number(new URL(request.url).searchParams.get('phan') ?? 1);
  const part = exam.parts.find((p) => p.position === position);
  if (!part) throw new Response('Đề không có phần này.', { status: 404 });
  return { exam, question, part, type: part.type as QuestionType };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'exams.write');
  const { exam, question, part, type } = await load(request, context, params);
  return {
    exam: {
      id: exam.id,
      title: exam.title,
      template: exam.template,
      locked: exam.locked,
      custom: exam.template === 'custom',
    },
    passages: exam.passages.map((p) => ({ id: p.id, title: p.title, content: p.content })),
    part: { position: part.position, title: part.title, points: part.points },
    type,
    question: question ? { id: question.id, number: question.number, key: question.key } : null,
    values: question ? formFromQuestion(type, question) : ({ difficulty: 'medium' } as Record<string, string>),
    preview: question
      ? {
          prompt_html: question.prompt_html,
          options_html: question.options_html,
          explanation_html: question.explanation_html,
          passage_html: null,
          problem: null,
        }
      : null,
  };
}

/** Zod paths of the API body → the form's field names. */
function formFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const option = /^options\.(\d)\.(text|image_url)$/.exec(path);
      return [
        option ? `option_${option[1]}${option[2] === 'image_url' ? '_image' : ''}` : path.split('.')[0]!,
        message,
      ];
    }),
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'exams.write');
  const { exam, question, part, type } = await load(request, context, params);
  const form = await request.formData();
  const values = keepValues(form, QUESTION_FIELDS);
  const { problems, body } = questionFromForm(type, part.position, values);
  if (form.get('intent') === 'preview') {
    const passage = exam.passages.find((p) => p.id === body.passage_id)?.content ?? null;
    const preview = context.services.examsAdmin.preview({
      type,
      template: exam.template,
      ...body,
      key: body.key as never,
      passage,
    });
    return { intent: 'preview', preview, message: '', fields: {} as Record<string, string>, values };
  }
  const parsed = parseForm(questionBody, body);
  if (isFormState(parsed) || Object.keys(problems).length > 0) {
    const fields = { ...(isFormState(parsed) ? formFields(parsed.fields) : {}), ...problems };
    return formError({ message: 'Vui lòng kiểm tra lại câu hỏi.', fields, values }, values);
  }
  return runForm(values, async () => {
    const saved = await context.services.examsAdmin.saveQuestion(
      { viewer, ip: context.clientIp },
      exam.id,
      question?.id ?? null,
      parsed,
    );
    throw redirect(`/studio/de-thi/${exam.id}?thong-bao=da-luu-cau#cau-${saved}`);
  });
}

export const links: Route.LinksFunction = katexLinks;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `${params.question === 'moi' ? 'Thêm câu hỏi' : 'Sửa câu hỏi'} — Studio` });

function Area({
  label,
  name,
  value,
  error,
  rows = 3,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  rows?: number;
  hint?: string;
}) {
  const id = `truong-${name}`;
  return (
    <div className="mb-4 text-sm">
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={value}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-loi` : undefined}
      />
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={`${id}-loi`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function StudioExamQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { exam, part, type, question, passages } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const values = actionData?.values ?? loaderData.values;
  const fields: Record<string, string> = actionData?.fields ?? {};
  const failed = actionData && !('preview' in actionData) ? actionData.message : undefined;
  const initial: Preview | null = actionData && 'preview' in actionData ? actionData.preview : loaderData.preview;
  const formKey = actionData ? JSON.stringify(actionData.values) : 'loaded';
  const title = question
    ? `Sửa câu ${question.number} — ${partLabel(part.position)}`
    : `Thêm câu vào ${partLabel(part.position)}`;
  return (
    <div>
      <PageTitle title={title} back={{ to: `/studio/de-thi/${exam.id}`, label: exam.title }} />
      <p className="mb-3 text-sm text-slate-700">
        {QUESTION_TYPE_TEXT[type]} · {String(part.points).replace('.', ',')} điểm/câu. Công thức LaTeX viết giữa hai dấu
        $, ví dụ{' '}
        <code>
          $\dfrac{'{'}1{'}'}
          {'{'}2{'}'}$
        </code>
        .
      </p>
      {exam.locked ? (
        <p role="note" className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Đề đã có thí sinh làm bài: sửa được lời văn, lời giải, chuyên đề, mức độ và hình; đáp án (
          {keyText(type, question?.key)}) giữ nguyên. Muốn đổi đáp án, dùng “Sửa đáp án và chấm lại” ở trang kỳ thi.
        </p>
      ) : null}
      <FormMessage message={failed} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Form
          method="post"
          id="cau-hoi"
          key={formKey}
          className="rounded-2xl border border-slate-200 bg-white p-4"
          noValidate
        >
          <fieldset disabled={busy}>
            <legend className="sr-only">Nội dung câu hỏi</legend>
            <Area label="Đề bài" name="prompt" value={values.prompt ?? ''} error={fields.prompt} rows={4} />
            <FormField
              label="Hình của đề bài (địa chỉ, không bắt buộc)"
              name="image_url"
              defaultValue={values.image_url ?? ''}
              error={fields.image_url}
            />
            {passages.length > 0 ? (
              <label className="mb-4 block text-sm">
                <span className="mb-1 block font-medium text-slate-800">Đoạn văn dùng chung</span>
                <select
                  name="passage_id"
                  defaultValue={values.passage_id ?? ''}
                  className={inputClass}
                  disabled={exam.locked}
                >
                  <option value="">Không có</option>
                  {passages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title ?? `Đoạn ${p.id}`}
                    </option>
                  ))}
                </select>
                {exam.locked ? <input type="hidden" name="passage_id" value={values.passage_id ?? ''} /> : null}
              </label>
            ) : null}
            {hasOptions(type)
              ? [0, 1, 2, 3].map((i) => {
                  const label = type === 'true_false' ? `Ý ${'abcd'[i]})` : `Phương án ${'ABCD'[i]}`;
                  return (
                    <div key={i} className="mb-2 rounded-xl border border-slate-100 p-2">
                      <Area
                        label={label}
                        name={`option_${i}`}
                        value={values[`option_${i}`] ?? ''}
                        error={fields[`option_${i}`]}
                        rows={1}
                      />
                      <FormField
                        label={`Hình của ${label.toLowerCase()} (không bắt buộc)`}
                        name={`option_${i}_image`}
                        defaultValue={values[`option_${i}_image`] ?? ''}
                        error={fields[`option_${i}_image`]}
                      />
                    </div>
                  );
                })
              : null}
            {fields.options ? <p className="mb-3 text-sm text-red-700">{fields.options}</p> : null}
            <KeyFields type={type} values={values} error={fields.key ?? fields.tolerance} locked={exam.locked} />
            <Area
              label="Lời giải"
              name="explanation"
              value={values.explanation ?? ''}
              error={fields.explanation}
              rows={4}
            />
            <FormField label="Chuyên đề" name="topic" defaultValue={values.topic ?? ''} error={fields.topic} />
            <label className="mb-4 block text-sm">
              <span className="mb-1 block font-medium text-slate-800">Mức độ</span>
              <select name="difficulty" defaultValue={values.difficulty ?? 'medium'} className={inputClass}>
                {Object.entries(DIFFICULTY_TEXT).map(([key, text]) => (
                  <option key={key} value={key}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            {exam.custom ? (
              <FormField
                label="Điểm của câu (không bắt buộc)"
                name="points"
                inputMode="decimal"
                defaultValue={values.points ?? ''}
                error={fields.points}
                hint="Để trống: dùng điểm của phần."
                readOnly={exam.locked}
              />
            ) : null}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="save" className={buttonClass} disabled={busy}>
              {busy ? 'Đang lưu…' : 'Lưu câu hỏi'}
            </button>
            <button
              type="submit"
              name="intent"
              value="preview"
              className="rounded-xl border border-slate-300 px-4 py-2"
              disabled={busy}
            >
              Xem trước
            </button>
          </div>
        </Form>
        <div className="lg:sticky lg:top-4 lg:self-start">
          <ExamPreview
            key={formKey}
            formId="cau-hoi"
            type={type}
            part={part.position}
            template={exam.template}
            passages={passages}
            initial={initial}
          />
        </div>
      </div>
    </div>
  );
}
