import { Form, redirect, useNavigation } from 'react-router';
import { SUBJECT_TEXT, subjectName, TEMPLATE_TEXT } from '../../../modules/exams/exams.admin-labels';
import { examMetaBody, idParams, partBody, passageBody } from '../../../modules/exams/exams.admin.schemas';
import { katexLinks } from '../../components/exams/katex-links';
import { ExamParts, ExamPassages } from '../../components/studio/exam-parts';
import { FormField, FormMessage } from '../../components/form-field';
import { buttonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/exam';

const META_FIELDS = ['title', 'slug', 'subject', 'template', 'description', 'duration_minutes'];

function examId(raw: string): number | null {
  if (raw === 'moi') return null;
  const parsed = idParams.safeParse({ id: raw });
  if (!parsed.success) throw new Response('Không tìm thấy đề thi.', { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'exams.write');
  const id = examId(params.id);
  const exam = id === null ? null : await loadInStudio(() => context.services.examsAdmin.detail(id));
  const notice = new URL(request.url).searchParams.get('thong-bao');
  return { exam, notice };
}

const NOTICES: Record<string, string> = {
  'da-tao': 'Đã tạo đề. Hãy thêm câu hỏi vào từng phần.',
  'da-nhan-ban': 'Đã nhân bản đề: đây là bản sao, sửa thoải mái.',
  'da-nhap': 'Đã nhập đề từ tệp.',
  'da-luu-cau': 'Đã lưu câu hỏi.',
};

const ok = (notice: string) => ({
  notice,
  message: '',
  fields: {} as Record<string, string>,
  values: {} as Record<string, string>,
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'exams.write');
  const id = examId(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'meta');
  const actor = { viewer, ip: context.clientIp };
  const exams = context.services.examsAdmin;
  if (intent === 'meta') {
    const values = keepValues(form, META_FIELDS);
    const input = { ...values, duration_minutes: values.duration_minutes || null, slug: values.slug || null };
    const parsed = parseForm(id === null ? examMetaBody : examMetaBody.omit({ template: true }), input);
    if (isFormState(parsed)) return formError(parsed, values, 400, intent);
    return runForm(
      values,
      async () => {
        if (id === null) {
          const created = await exams.create(actor, parsed as typeof examMetaBody._output);
          throw redirect(`/studio/de-thi/${created}?thong-bao=da-tao`);
        }
        await exams.update(actor, id, parsed);
        return { ...ok('Đã lưu thông tin đề.'), intent };
      },
      intent,
    );
  }
  if (id === null) throw new Response('Không tìm thấy đề thi.', { status: 404 });
  const number = (name: string) => Number(form.get(name));
  const values = keepValues(form, ['part_title', 'part_type', 'part_points', 'title', 'content', 'audio_url']);
  return runForm(
    values,
    async () => {
      switch (intent) {
        case 'clone':
          throw redirect(`/studio/de-thi/${await exams.clone(actor, id)}?thong-bao=da-nhan-ban`);
        case 'move':
          await exams.moveQuestion(actor, id, number('question'), form.get('direction') === 'up' ? 'up' : 'down');
          return { ...ok('Đã đổi thứ tự câu.'), intent };
        case 'delete-question':
          await exams.removeQuestion(actor, id, number('question'));
          return { ...ok('Đã xóa câu hỏi.'), intent };
        case 'add-part': {
          const points = Number(values.part_points!.replace(',', '.'));
          const parsed = parseForm(partBody, {
            title: values.part_title,
            type: values.part_type,
            points: Math.round(points * 1000),
          });
          if (isFormState(parsed) || !(points >= 0))
            return formError(
              isFormState(parsed) ? parsed : { message: 'Điểm mỗi câu là một số, ví dụ 0,25.', fields: {}, values },
              values,
              400,
              intent,
            );
          await exams.addPart(actor, id, parsed);
          return { ...ok('Đã thêm phần.'), intent };
        }
        case 'delete-part':
          await exams.removePart(actor, id, number('part'));
          return { ...ok('Đã xóa phần.'), intent };
        case 'passage': {
          const passageId = number('passage') || null;
          const parsed = parseForm(passageBody, {
            title: values.title || null,
            content: values.content,
            audio_url: values.audio_url,
          });
          if (isFormState(parsed)) return formError(parsed, values, 400, `passage-${passageId ?? 'new'}`);
          await exams.savePassage(actor, id, passageId, parsed);
          return { ...ok('Đã lưu đoạn văn.'), intent: `passage-${passageId ?? 'new'}` };
        }
        case 'delete-passage':
          await exams.removePassage(actor, id, number('passage'));
          return { ...ok('Đã xóa đoạn văn.'), intent };
        default:
          throw new Response('Thao tác không hợp lệ.', { status: 400 });
      }
    },
    intent,
  );
}

export const links: Route.LinksFunction = katexLinks;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `${params.id === 'moi' ? 'Tạo đề thi' : 'Đề thi'} — Studio` });

export default function StudioExam({ loaderData, actionData }: Route.ComponentProps) {
  const { exam, notice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const metaState = actionData?.intent === 'meta' ? actionData : undefined;
  const failed = metaState && !('notice' in metaState && metaState.notice) ? metaState : undefined;
  const v = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  const err = (name: string) => failed?.fields[name];
  const otherNotice =
    actionData && 'notice' in actionData && actionData.intent !== 'meta' ? actionData.notice : undefined;
  const otherError =
    actionData &&
    !('notice' in actionData && actionData.notice) &&
    actionData.intent !== 'meta' &&
    !actionData.intent?.startsWith('passage-')
      ? actionData.message
      : undefined;
  const template = exam?.template ?? v('template', 'thpt_math');
  return (
    <div>
      <PageTitle title={exam ? exam.title : 'Tạo đề thi'} back={{ to: '/studio/de-thi', label: 'Đề thi' }} />
      <FormMessage message={(notice && NOTICES[notice]) || otherNotice} tone="success" />
      <FormMessage message={otherError} />
      {exam ? <ExamStatus exam={exam} /> : null}
      <Form method="post" className="mb-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-4" noValidate>
        <input type="hidden" name="intent" value="meta" />
        <FormMessage message={metaState?.notice} tone="success" />
        <FormMessage message={failed?.message} />
        <fieldset disabled={busy} className="grid gap-x-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-slate-900">Thông tin đề</legend>
          <div className="sm:col-span-2">
            <FormField label="Tên đề" name="title" defaultValue={v('title', exam?.title ?? '')} error={err('title')} />
          </div>
          <FormField
            label="Đường dẫn (không bắt buộc)"
            name="slug"
            defaultValue={v('slug', exam?.slug ?? '')}
            error={err('slug')}
            hint={exam?.locked ? 'Đề đã có thí sinh làm bài: đường dẫn giữ nguyên.' : 'Để trống: tạo từ tên đề.'}
            readOnly={exam?.locked}
          />
          <label className="mb-4 block text-sm">
            <span className="mb-1 block font-medium text-slate-800">Môn</span>
            <select name="subject" defaultValue={v('subject', exam?.subject ?? 'toan')} className={inputClass}>
              {Object.entries({ ...SUBJECT_TEXT, ...(exam ? { [exam.subject]: subjectName(exam.subject) } : {}) }).map(
                ([slug, name]) => (
                  <option key={slug} value={slug}>
                    {name}
                  </option>
                ),
              )}
            </select>
            {err('subject') ? <span className="mt-1 block text-sm text-red-700">{err('subject')}</span> : null}
          </label>
          {exam ? (
            <p className="mb-4 text-sm text-slate-700 sm:col-span-2">
              Mẫu đề: <strong>{TEMPLATE_TEXT[exam.template]}</strong> (chọn khi tạo đề; muốn đổi mẫu, hãy tạo đề mới).
            </p>
          ) : (
            <label className="mb-4 block text-sm sm:col-span-2">
              <span className="mb-1 block font-medium text-slate-800">Mẫu đề</span>
              <select name="template" defaultValue={template} className={inputClass}>
                {Object.entries(TEMPLATE_TEXT).map(([key, text]) => (
                  <option key={key} value={key}>
                    {text}
                  </option>
                ))}
              </select>
              {err('template') ? <span className="mt-1 block text-sm text-red-700">{err('template')}</span> : null}
            </label>
          )}
          <FormField
            label="Thời gian làm bài (phút, chỉ đề tự do)"
            name="duration_minutes"
            inputMode="numeric"
            defaultValue={v('duration_minutes', exam ? String(exam.duration_minutes) : '')}
            error={err('duration_minutes')}
            hint="Đề theo mẫu THPT dùng thời gian của Bộ: 90 phút (Toán), 50 phút (các môn khác)."
          />
          <label className="mb-4 block text-sm sm:col-span-2">
            <span className="mb-1 block font-medium text-slate-800">Mô tả (không bắt buộc)</span>
            <textarea
              name="description"
              rows={3}
              defaultValue={v('description', exam?.description ?? '')}
              className={inputClass}
            />
          </label>
        </fieldset>
        <button type="submit" className={buttonClass} disabled={busy}>
          {exam ? 'Lưu thông tin' : 'Tạo đề'}
        </button>
      </Form>
      {exam ? (
        <>
          <ExamParts exam={exam} actionData={actionData} />
          <ExamPassages exam={exam} actionData={actionData} />
          <Form method="post" className="mb-6">
            <input type="hidden" name="intent" value="clone" />
            <button
              type="submit"
              className="rounded-xl border border-brand-700 px-4 py-2 text-brand-700"
              disabled={busy}
            >
              Nhân bản đề
            </button>
            <span className="ml-2 text-sm text-slate-600">
              Bản sao có đủ phần, đoạn văn, câu hỏi; không kèm kỳ thi.
            </span>
          </Form>
        </>
      ) : null}
    </div>
  );
}

function ExamStatus({ exam }: { exam: NonNullable<Route.ComponentProps['loaderData']['exam']> }) {
  return (
    <div className="mb-4 grid gap-2">
      {exam.locked ? (
        <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Đã có {exam.attempts} lượt làm bài trên đề này. Bạn vẫn sửa được lời văn, lời giải, chuyên đề, mức độ và hình;
          cấu trúc (thêm, xóa, đổi chỗ câu) và đáp án được giữ nguyên để điểm của thí sinh không đổi. Muốn đổi đáp án,
          dùng “Sửa đáp án và chấm lại” ở trang kỳ thi.
        </p>
      ) : null}
      {exam.gaps.length > 0 ? (
        <div className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-800">
          <p className="font-medium">Đề chưa đủ cấu trúc, chưa nên dùng cho kỳ thi:</p>
          <ul className="list-disc pl-5">
            {exam.gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">Đề đủ cấu trúc của mẫu đề.</p>
      )}
      <p className="text-sm text-slate-700">
        {exam.contests.length === 0
          ? 'Chưa có kỳ thi hay phòng luyện tập nào dùng đề này.'
          : `Dùng trong: ${exam.contests.map((c) => c.title).join('; ')}.`}
      </p>
    </div>
  );
}
