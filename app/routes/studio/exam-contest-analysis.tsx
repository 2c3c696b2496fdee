import { data, useNavigation } from 'react-router';
import { keyCorrectionInput } from '../../../modules/exams/exams.admin-contests.schemas';
import { can } from '../../../modules/studio/permissions';
import { katexLinks } from '../../components/exams/katex-links';
import { FormMessage } from '../../components/form-field';
import { ContestTabs, percent } from '../../components/studio/contest-parts';
import { KeyCorrectionForm, keyText } from '../../components/studio/key-correction';
import { Badge, Empty, PageTitle } from '../../components/studio/studio-ui';
import { runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { contestIdOf, keyFromForm } from './exam-contest.server';
import type { Route } from './+types/exam-contest-analysis';

export const links: Route.LinksFunction = katexLinks;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'contests.read');
  const id = contestIdOf(params.id)!;
  const contests = context.services.examContests;
  const contest = await loadInStudio(() => contests.detail(id));
  return { contest, analysis: await contests.analysis(id), canWrite: can(viewer.role, 'contests.write') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'contests.write');
  const id = contestIdOf(params.id)!;
  const form = await request.formData();
  const questionId = Number(form.get('question_id'));
  const fail = (message: string, status = 400) => data({ question_id: questionId, notice: '', message }, { status });
  if (form.get('confirm') === null) return fail('Vui lòng đánh dấu xác nhận trước khi chấm lại.');
  const key = keyFromForm(String(form.get('type') ?? ''), form);
  if (typeof key === 'object' && 'error' in key) return fail(key.error);
  const parsed = keyCorrectionInput.safeParse({ question_id: questionId, key });
  if (!parsed.success) return fail('Đáp án không hợp lệ.');
  const result = await runForm({}, () =>
    context.services.examContests.correctKey({ viewer, ip: context.clientIp }, id, parsed.data),
  );
  if (!('regraded' in result)) return fail(result.data.message, result.init?.status ?? 400);
  return {
    question_id: questionId,
    message: '',
    notice: `Đã sửa đáp án và chấm lại ${result.regraded} bài; ${result.changed} thí sinh đổi điểm đã được thông báo.`,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Phân tích đề — Studio' });

const FLAG_TEXT: Record<string, string> = { negative: 'Phân biệt âm', low: 'Phân biệt thấp' };
const TYPE_TEXT: Record<string, string> = {
  single: 'Một lựa chọn',
  multiple: 'Nhiều lựa chọn',
  true_false: 'Đúng/Sai',
  short: 'Trả lời ngắn',
  fill: 'Điền từ',
};

function Help({ groupSize }: { groupSize: number }) {
  return (
    <details className="mb-4 rounded-2xl border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">Cách tính các chỉ số</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Tính trên các bài đã nộp ở bảng kết quả (kỳ thi xếp hạng: lượt đầu của mỗi thí sinh), chấm theo đáp án hiện
          tại.
        </li>
        <li>
          Tỉ lệ đúng: phần thí sinh làm đúng hoàn toàn (câu Đúng/Sai: đúng cả bốn ý). Bỏ trống: không chọn, không ghi
          gì.
        </li>
        <li>
          Chỉ số phân biệt D = điểm trung bình của câu ở nhóm giỏi − ở nhóm yếu (điểm câu tính theo phần điểm đạt được,
          từ 0 đến 1). Nhóm giỏi là 27 % thí sinh điểm cao nhất, nhóm yếu 27 % điểm thấp nhất (mỗi nhóm{' '}
          {groupSize > 0 ? `${groupSize} thí sinh` : 'ít nhất 1 thí sinh'}). D đi từ −1 đến 1.
        </li>
        <li>
          D âm: thí sinh yếu làm đúng nhiều hơn thí sinh giỏi — thường do đáp án sai. D dưới 0,2: câu hầu như không phân
          biệt được.
        </li>
      </ul>
    </details>
  );
}

export default function StudioExamContestAnalysis({ loaderData, actionData }: Route.ComponentProps) {
  const { contest, analysis, canWrite } = loaderData;
  const navigation = useNavigation();
  const busyFor = navigation.state === 'submitting' ? Number(navigation.formData?.get('question_id')) : null;
  return (
    <div>
      <PageTitle title={contest.title} back={{ to: '/studio/ky-thi', label: 'Kỳ thi' }} />
      <ContestTabs id={contest.id} />
      <Help groupSize={analysis.group_size} />
      <FormMessage message={actionData?.notice || undefined} tone="success" />
      {analysis.candidates === 0 ? (
        <Empty>Chưa có bài nào được nộp: phân tích đề có khi thí sinh nộp bài.</Empty>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">
            {analysis.candidates} bài được phân tích
            {analysis.reliable ? '' : ' — còn ít thí sinh, chỉ số phân biệt chưa đáng tin cậy'}.
          </p>
          <ol className="space-y-3">
            {analysis.items.map((item) => (
              <li
                key={item.id}
                className="rounded-2xl border border-slate-200 bg-white p-4"
                data-testid={`item-${item.number}`}
              >
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">Câu {item.number}</h2>
                  <span className="text-sm text-slate-600">
                    Phần {item.part} · {TYPE_TEXT[item.type]} · {item.topic}
                  </span>
                  {item.flag ? <Badge value="failed" text={FLAG_TEXT[item.flag]} /> : null}
                </div>
                <div
                  className="exam-html mb-2 text-sm text-slate-800"
                  dangerouslySetInnerHTML={{ __html: item.prompt_html }}
                />
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">Đúng</dt>
                    <dd className="font-semibold">{percent(item.correct_share)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Bỏ trống</dt>
                    <dd className="font-semibold">{percent(item.unanswered_share)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Chỉ số phân biệt</dt>
                    <dd className="font-semibold" data-testid="discrimination">
                      {item.discrimination === null ? '—' : item.discrimination.toLocaleString('vi-VN')}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Đáp án</dt>
                    <dd className="font-semibold" data-testid="key">
                      {keyText(item.type, item.key)}
                    </dd>
                  </div>
                </dl>
                {item.choices ? (
                  <p className="mt-1 text-sm text-slate-700">
                    Chọn: {item.choices.map((c) => `${c.label} ${percent(c.share)}`).join(' · ')}
                  </p>
                ) : null}
                {item.statements ? (
                  <p className="mt-1 text-sm text-slate-700">
                    Đúng từng ý: {item.statements.map((s) => `${s.label}) ${percent(s.correct_share)}`).join(' · ')}
                  </p>
                ) : null}
                {canWrite ? (
                  <details className="mt-2" open={actionData?.question_id === item.id && Boolean(actionData.message)}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">
                      Sửa đáp án câu {item.number}
                    </summary>
                    <KeyCorrectionForm
                      questionId={item.id}
                      number={item.number}
                      type={item.type}
                      current={item.key}
                      attempts={analysis.candidates}
                      busy={busyFor === item.id}
                      error={actionData?.question_id === item.id ? actionData.message || undefined : undefined}
                    />
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
