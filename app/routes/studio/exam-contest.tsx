import { redirect, useNavigation } from 'react-router';
import { contestInput } from '../../../modules/exams/exams.admin-contests.schemas';
import { can } from '../../../modules/studio/permissions';
import { FormMessage } from '../../components/form-field';
import { ContestForm } from '../../components/studio/contest-form';
import { CONTEST_STATE_TEXT, CONTEST_STATE_TONE, ContestTabs } from '../../components/studio/contest-parts';
import { Badge, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { contestIdOf } from './exam-contest.server';
import type { Route } from './+types/exam-contest';

const FIELDS = [
  'title',
  'exam_id',
  'kind',
  'opens_at',
  'closes_at',
  'duration_minutes',
  'max_attempts',
  'entry_rule',
  'entry_course_id',
  'entry_code',
  'key_visibility',
  'is_ranked',
  'shuffle',
  'post_id',
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, params.id === 'moi' ? 'contests.write' : 'contests.read');
  const id = contestIdOf(params.id, true);
  const contests = context.services.examContests;
  const [contest, choices] = await Promise.all([
    id === null ? null : loadInStudio(() => contests.detail(id)),
    contests.choices(),
  ]);
  const saved = new URL(request.url).searchParams.has('da-luu');
  return { contest, choices, saved, canWrite: can(viewer.role, 'contests.write') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'contests.write');
  const id = contestIdOf(params.id, true);
  const values = keepValues(await request.formData(), FIELDS);
  const parsed = parseForm(contestInput, values);
  if (isFormState(parsed)) return formError(parsed, { ...values, entry_code: '' });
  const actor = { viewer, ip: context.clientIp };
  const contests = context.services.examContests;
  return runForm({ ...values, entry_code: '' }, async () => {
    if (id === null) {
      const created = await contests.create(actor, parsed);
      throw redirect(`/studio/ky-thi/${created.id}?da-luu=1`);
    }
    await contests.update(actor, id, parsed);
    return {
      notice: 'Đã lưu kỳ thi.',
      message: '',
      fields: {} as Record<string, string>,
      values: {} as Record<string, string>,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `${params.id === 'moi' ? 'Lên lịch kỳ thi' : 'Kỳ thi'} — Studio` });

export default function StudioExamContest({ loaderData, actionData }: Route.ComponentProps) {
  const { contest, choices, saved, canWrite } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const notice = actionData && 'notice' in actionData ? actionData.notice : saved ? 'Đã lên lịch kỳ thi.' : undefined;
  const failed = actionData && !('notice' in actionData && actionData.notice) ? actionData : undefined;
  return (
    <div>
      <PageTitle title={contest ? contest.title : 'Lên lịch kỳ thi'} back={{ to: '/studio/ky-thi', label: 'Kỳ thi' }} />
      {contest ? (
        <>
          <ContestTabs id={contest.id} />
          <p className="mb-3 text-sm text-slate-700">
            <Badge
              value={CONTEST_STATE_TONE[contest.state] ?? contest.state}
              text={CONTEST_STATE_TEXT[contest.state]}
            />{' '}
            · {contest.candidates} thí sinh · {contest.submitted} bài đã nộp ·{' '}
            <a href={contest.public_url} className="text-brand-700 underline">
              Trang kỳ thi
            </a>
          </p>
        </>
      ) : null}
      {choices.exams.length === 0 ? (
        <p className="rounded-2xl bg-amber-50 px-4 py-6 text-amber-900">
          Chưa có đề thi nào: hãy soạn đề trước khi lên lịch kỳ thi.
        </p>
      ) : (
        <>
          <FormMessage message={notice} tone="success" />
          <FormMessage message={failed?.message} />
          <ContestForm
            contest={contest ? { ...contest, exam_id: contest.exam.id } : null}
            choices={choices}
            started={contest?.started ?? false}
            failed={failed}
            busy={busy}
            canWrite={canWrite}
          />
        </>
      )}
    </div>
  );
}
